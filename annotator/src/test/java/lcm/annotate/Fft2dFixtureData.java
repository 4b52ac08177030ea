package lcm.annotate;

import lcm.annotation.AnnotationReader;
import lcm.annotation.Category;
import lcm.expr.Expr;
import lcm.expr.CompiledExpr;
import lcm.expr.NumberText;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The generator of {@code fixtures/fft2d/tp_synthetic.pp}: synthetic pp lines for the five fragments of
 * {@code tp.f}, made from the fragment models written in {@code tp.f} (the generating models)
 * with multiplicative lognormal noise, y = f * exp(0.02 * Z), Z standard normal from
 * {@code java.util.Random} seeded with {@value #SEED}, drawn in file order. One line per
 * fragment and point of the factorial design n in {64, 128, 256, 512, 1024} x p in
 * {2, 4, 8, 16, 26}; p is the fragment's own processor count. Values have 6 significant digits.
 *
 * <p>Run {@link #main} (or the test with {@code -Dlcm.regenerate=true}) to rewrite the file.
 */
public final class Fft2dFixtureData {

    public static final long SEED = 19940501L;
    public static final double SIGMA = 0.02;
    public static final int[] N = {64, 128, 256, 512, 1024};
    public static final int[] P = {2, 4, 8, 16, 26};
    public static final String PATH = "fixtures/fft2d/tp_synthetic.pp";

    /** A fragment of tp.f and its generating model per category (categories not listed are 0). */
    public record Fragment(String tag, Map<Category, String> model) {
    }

    public static final List<Fragment> FRAGMENTS = List.of(
            fragment("initialize_program", "pc", "0.05", "ip", "0.05*(p - 1)"),
            fragment("initialize", "pc", "n^2/102400", "li", "n*(p - 1)/1600000", "ip", "0.002*p",
                    "cl", "n^2*p/50000000", "rc", "n^2*max(p - 4, 0)/28300000"),
            fragment("cffts", "pc", "n^2*log(n)/142000", "li", "n*log(n)*(p - 1)/2300000", "ip", "0.002*p",
                    "cl", "n^2*p/25000000", "rc", "n^2*max(p - 4, 0)/28300000"),
            fragment("transpose", "pc", "n^2/68300", "li", "n*(p - 1)/1100000", "ip", "0.002*p",
                    "cl", "n^2*p/12500000", "rc", "n^2*max(p - 4, 0)/14150000"),
            fragment("print_performance", "pc", "0.01", "ip", "0.01*(p - 1)"));

    private Fft2dFixtureData() {
    }

    private static Fragment fragment(String tag, String... pairs) {
        Map<Category, String> m = new EnumMap<>(Category.class);
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(Category.byKey(pairs[i]).orElseThrow(), pairs[i + 1]);
        }
        return new Fragment(tag, m);
    }

    /** The generating model of {@code tag} for {@code category} at (n, p): what the noise multiplies. */
    public static double exact(String tag, Category category, double n, double p) {
        Fragment f = FRAGMENTS.stream().filter(x -> x.tag().equals(tag)).findFirst().orElseThrow();
        String text = f.model().get(category);
        if (text == null) {
            return 0;
        }
        Expr e = AnnotationReader.expression(text);
        return CompiledExpr.compile(e, List.of("n", "p")).eval(new double[] {n, p});
    }

    /** The whole file, header comment included. */
    public static String text() {
        return text(SEED);
    }

    /** The file with another seed (for tests of how often the models are recovered). */
    public static String text(long seed) {
        StringBuilder out = new StringBuilder();
        out.append("# SYNTHETIC measurements of the five fragments of tp.f (the task-parallel 2D FFT), for\n");
        out.append("# lcm annotate's tests and docs: no program was run. Each value is the fragment model of\n");
        out.append("# tp.f (the generating model, below) times lognormal noise exp(0.02*Z), Z ~ N(0,1) from\n");
        out.append("# java.util.Random(").append(SEED).append("), drawn in file order; 6 significant digits.\n");
        out.append("# Design: n in {64, 128, 256, 512, 1024} x p in {2, 4, 8, 16, 26}, p being the fragment's own\n");
        out.append("# processor count. Generator: annotator/src/test/java/lcm/annotate/Fft2dFixtureData.java.\n");
        out.append("# Generating models (processor-seconds; categories not listed are 0):\n");
        for (Fragment f : FRAGMENTS) {
            List<String> parts = new ArrayList<>();
            f.model().forEach((c, m) -> parts.add(c.key() + " = " + m));
            out.append("#   ").append(f.tag()).append(": ").append(String.join(", ", parts)).append('\n');
        }
        Random random = new Random(seed);
        for (Fragment f : FRAGMENTS) {
            for (int n : N) {
                for (int p : P) {
                    Map<String, String> line = new LinkedHashMap<>();
                    line.put("tag", f.tag());
                    line.put("n", Integer.toString(n));
                    line.put("p", Integer.toString(p));
                    for (Category c : Category.values()) {
                        double y = exact(f.tag(), c, n, p) * Math.exp(SIGMA * random.nextGaussian());
                        line.put(c.key(), number(y));
                    }
                    List<String> pairs = new ArrayList<>();
                    line.forEach((k, v) -> pairs.add(k + "=" + v));
                    out.append(String.join(" ", pairs)).append('\n');
                }
            }
        }
        return out.toString();
    }

    private static String number(double v) {
        return NumberText.digits(v, 6);
    }

    /** Writes {@value #PATH} under the repository root given as the first argument (default: the working directory). */
    public static void main(String[] args) throws java.io.IOException {
        java.nio.file.Path root = java.nio.file.Path.of(args.length > 0 ? args[0] : ".");
        java.nio.file.Files.writeString(root.resolve(PATH), text());
    }
}
