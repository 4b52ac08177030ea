package lcm.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code lcm fit -c li} on lcm measure's lines with the threads' spread: li from its causes, the
 * known loop cost added back exactly, its located errors, and old lines unchanged.
 */
class LiFromCausesCommandTest {

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.create(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .execute(args);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Per-run lines at widths 1 .. 16: threads' mean busy time 0.01 s, standard deviation 0.001 s at
     * every width, li = p x 0.001 x emax(p) (0, 1.128e-3, 4.118e-3, 0.011389, 0.028256 s) plus
     * 1e-4 x (p - 1) of loop cost; two runs a point, 1 % apart.
     */
    private Path spread(boolean withFields) throws Exception {
        double[] e = {0, 0.5641895835, 1.0293753730, 1.4236003060, 1.7659913931};
        StringBuilder s = new StringBuilder();
        int i = 0;
        for (int p : new int[] {1, 2, 4, 8, 16}) {
            for (double f : new double[] {0.995, 1.005}) {
                double li = (p * 0.001 * e[i] + 1e-4 * (p - 1)) * f;
                s.append(String.format(Locale.ROOT, "# run: p = %d processors; time 1 s (first fragment's start to last "
                        + "fragment's end); command 1 s; n = 64%n", p));
                s.append(String.format(Locale.ROOT, "tag=loop n=64 procs=%d width=%d execs=10 pc=%.9g li=%.9g ip=0 sl=0 "
                        + "wall=0.1", p, p, 0.1 * p, 10 * li));
                if (withFields) {
                    s.append(String.format(Locale.ROOT, " thr=%d tmean=%.9g tsd=%.9g", p, 0.01 * f, p == 1 ? 0 : 0.001 * f));
                }
                s.append('\n');
            }
            i++;
        }
        Path file = dir.resolve(withFields ? "spread.pp" : "old.pp");
        Files.writeString(file, s.toString());
        return file;
    }

    @Test
    void modelFromTheCausesWithTheLoopCostAddedBack() throws Exception {
        Run r = run("fit", "-c", "li", "-v", "p", "-f", spread(true).toString(), "--loop-cost", "1e-4*(w-1)", "--at", "p=32");
        assertEquals(0, r.code(), r.err());
        String selected = r.out().lines().filter(l -> l.endsWith("<- selected")).findFirst().orElseThrow();
        assertTrue(selected.contains("[li from its causes]"), r.out());
        assertTrue(selected.contains("emax(p)") && selected.contains("0.0001 * (p - 1)"), selected);
        assertTrue(r.out().contains("the loop cost 0.0001*(p-1) (--loop-cost, per execution) is subtracted from li before "
                + "and added back exactly"), r.out());
        // at p = 32: 32 x 0.001 x emax(32) + 31 x 1e-4 = 0.066229 + 0.0031 = 0.069329
        String at = r.out().lines().filter(l -> l.startsWith("At p = 32")).findFirst().orElseThrow();
        assertTrue(at.startsWith("At p = 32: 0.0693"), at);
    }

    @Test
    void badLoopCostIsLocated() throws Exception {
        String f = spread(true).toString();
        Run name = run("fit", "-c", "li", "-v", "p", "-f", f, "--loop-cost", "2e-6*(p-1)");
        assertEquals(2, name.code());
        assertEquals("<--loop-cost>:1:7: unknown name 'p' in the loop cost (an expression in the width w: the seconds per "
                + "execution of starting and ending a parallel loop on w threads, such as 2e-6*(w-1) + 1e-7*(w-1)^2)\n"
                + "  2e-6*(p-1)\n        ^\n", name.err());
        Run syntax = run("annotate", "x.f", "--data", f, "--loop-cost", "2e-6*(w-");
        assertEquals(2, syntax.code());
        assertTrue(syntax.err().startsWith("<--loop-cost>:1:"), syntax.err());
    }

    @Test
    void oldLinesKeepTheGenericFormsAndSaySoWhenGivenALoopCost() throws Exception {
        Run r = run("fit", "-c", "li", "-v", "p", "-f", spread(false).toString(), "--loop-cost", "1e-4*(w-1)");
        assertEquals(0, r.code(), r.err());
        assertTrue(!r.out().contains("li from its causes"), r.out());
        assertTrue(r.err().contains("lcm: warning: the loop cost (--loop-cost) is not used"), r.err());
        Run plain = run("fit", "-c", "li", "-v", "p", "-f", spread(false).toString());
        String without = plain.out().lines().filter(l -> l.endsWith("<- selected")).findFirst().orElseThrow();
        String with = r.out().lines().filter(l -> l.endsWith("<- selected")).findFirst().orElseThrow();
        assertEquals(without, with);
    }
}
