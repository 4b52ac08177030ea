package lcm.compare;

import lcm.source.UserError;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes compare's plots with XChart, each as PNG and SVG: {@code PREFIX-time} (T_P against the
 * column axis, one line per model and shown row, crossovers marked), {@code PREFIX-ratio} (the
 * same relative to the best model at each point), {@code PREFIX-map} (the
 * best-structure map; two axes only) and {@code PREFIX-categories} (stacked lost cycles per
 * category at the bar points).
 */
public final class ComparePlots {

    private ComparePlots() {
    }

    /** Returns the PNG files written. */
    public static List<Path> write(Comparison c, Path prefix) {
        System.setProperty("java.awt.headless", "true");
        checkWritable(prefix);
        List<Path> out = new ArrayList<>();
        out.add(save(TimePlot.chart(c, false), prefix, "time"));
        out.add(save(TimePlot.chart(c, true), prefix, "ratio"));
        if (c.domain().row().isPresent()) {
            out.add(save(MapPlot.chart(c), prefix, "map"));
        }
        out.add(save(CategoryBars.chart(c), prefix, "categories"));
        return out;
    }

    /**
     * The prefix of the plot files for {@code --plot OUT}: inside OUT when it is a folder
     * ({@code OUT/compare-time.png}), else OUT without a {@code .png} or {@code .svg} ending.
     */
    public static Path prefix(Path out) {
        if (Files.isDirectory(out)) {
            return out.resolve(CompareReport.BASE);
        }
        String s = out.toString();
        for (String ext : List.of(".png", ".svg", ".PNG", ".SVG")) {
            if (s.endsWith(ext)) {
                return Path.of(s.substring(0, s.length() - ext.length()));
            }
        }
        return out;
    }

    /** Fails early, before any work, when the plots cannot be written. */
    public static void checkWritable(Path prefix) {
        Path parent = prefix.toAbsolutePath().getParent();
        if (parent == null || !Files.exists(parent)) {
            throw UserError.of("--plot " + prefix + ": cannot write: the folder " + parent + " does not exist");
        }
        if (!Files.isDirectory(parent)) {
            throw UserError.of("--plot " + prefix + ": cannot write: " + parent + " is not a folder");
        }
        if (!Files.isWritable(parent)) {
            throw UserError.of("--plot " + prefix + ": cannot write: the folder " + parent + " is not writable");
        }
    }

    private static Path save(Chart<?, ?> chart, Path prefix, String what) {
        String base = prefix + "-" + what;
        try {
            BitmapEncoder.saveBitmap(chart, base, BitmapEncoder.BitmapFormat.PNG);
            VectorGraphicsEncoder.saveVectorGraphic(chart, base, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException | RuntimeException e) {
            throw UserError.of("--plot " + prefix + ": cannot write " + base + ".png: " + e.getMessage());
        }
        return Path.of(base + ".png");
    }
}
