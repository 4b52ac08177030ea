package lcm.compare;

import lcm.report.Format;
import lcm.source.UserError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders a {@link Comparison} in every format of {@code lcm compare}, writes its plots, and
 * writes a whole report folder ({@link #writeFolder}): what the demo and the user guide call.
 */
public final class CompareReport {

    /** The base name of the files {@link #writeFolder} writes. */
    public static final String BASE = "compare";

    private final Comparison comparison;

    public CompareReport(Comparison comparison) {
        this.comparison = comparison;
    }

    public Comparison comparison() {
        return comparison;
    }

    /** The comparison in {@code format}. */
    public String render(Format format) {
        return switch (format) {
            case text -> text();
            case markdown -> markdown(List.of());
            case csv -> csv();
            case json -> json();
            case latex -> latex();
        };
    }

    public String text() {
        return new CompareText(comparison).render();
    }

    public String json() {
        return CompareJson.render(comparison);
    }

    public String csv() {
        return CompareCsv.render(comparison);
    }

    public String latex() {
        return CompareLatex.render(comparison);
    }

    /** Markdown; {@code plots} (relative paths of PNG files) are shown as images. */
    public String markdown(List<Path> plots) {
        return new CompareMarkdown(comparison).render(plots);
    }

    /**
     * Writes the plots as {@code prefix-time}, {@code prefix-ratio}, {@code prefix-map} (two axes only) and
     * {@code prefix-categories}, each as PNG and SVG; returns the PNG files.
     */
    public List<Path> writePlots(Path prefix) {
        return ComparePlots.write(comparison, prefix);
    }

    /**
     * Refuses, unless {@code force}, a report folder that holds files but no earlier lcm report
     * ({@code compare.md}): a report never mixes into (or overwrites files of) a folder of other
     * things, such as {@code --report /} or {@code --report ~}. A missing or empty folder, or one
     * with an earlier report, is fine.
     */
    public static void checkFolder(Path dir, boolean force) {
        if (force || !Files.exists(dir)) {
            return;
        }
        if (!Files.isDirectory(dir)) {
            throw UserError.of(dir + ": not a folder; --report names a folder for " + BASE + ".md, its plots, "
                    + BASE + ".json and " + BASE + ".csv");
        }
        if (Files.exists(dir.resolve(BASE + ".md"))) {
            return;
        }
        List<String> names;
        long count;
        try (java.util.stream.Stream<Path> list = Files.list(dir)) {
            List<String> all = list.map(p -> p.getFileName().toString()).sorted().toList();
            count = all.size();
            names = all.subList(0, (int) Math.min(3, count));
        } catch (IOException e) {
            throw UserError.of(dir + ": cannot read the report folder: " + e.getMessage());
        }
        if (count == 0) {
            return;
        }
        throw UserError.of(dir + ": the folder holds other files (" + String.join(", ", names)
                + (count > names.size() ? ", ... " + count + " in all" : "") + ") and no earlier lcm report ("
                + BASE + ".md); give an empty or new folder, or --force to write into it anyway");
    }

    /**
     * Writes a report folder: {@code compare.md} (verdict, tables, plots), the plots as PNG and
     * SVG, {@code compare.json} and {@code compare.csv}. Creates the folder if needed; returns
     * the Markdown file.
     */
    public Path writeFolder(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw UserError.of(dir + ": cannot create the report folder: " + e.getMessage());
        }
        List<Path> pngs = writePlots(dir.resolve(BASE));
        List<Path> relative = new ArrayList<>();
        for (Path p : pngs) {
            relative.add(p.getFileName());
        }
        Path md = dir.resolve(BASE + ".md");
        write(md, markdown(relative));
        write(dir.resolve(BASE + ".json"), json());
        write(dir.resolve(BASE + ".csv"), csv());
        return md;
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw UserError.of(file + ": cannot write: " + e.getMessage());
        }
    }
}
