package lcm.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Points, ranges and scales are parsed by one converter each (Converters, lcm.values), while
 * the command line is read: every command shows the same message for the same mistake, exit 2,
 * before any file is read (the files named here do not exist).
 */
class SharedValuesTest {

    private static void rejects(String expected, String... args) {
        CliRun r = CliRun.of(args);
        assertEquals(expected, r.err());
        assertEquals(2, r.code());
        assertEquals("", r.out());
    }

    @Test
    void aPointIsCheckedTheSameWayByEveryCommand() {
        String p0 = "lcm: --at p=0: p is the number of processors, at least 1\n";
        rejects(p0, "compose", "none.f", "--at", "p=0");
        rejects(p0, "fit", "-f", "none.pp", "--at", "p=0");
        rejects("lcm: --fix p=0: p is the number of processors, at least 1\n", "compare", "a.lcm", "b.lcm", "--fix", "p=0");
        rejects("lcm: --bars: the value of p must be a number, not 'x'\n", "compare", "a.lcm", "b.lcm", "--bars", "p=x");
        rejects("lcm: --vars: the value of itors must be a number, not 'x'\n",
                "validate", "none.f", "--measured", "none.pp", "--vars", "itors=x");
        // 2^10 is a constant expression; n=-5 is not a size
        rejects("lcm: --at n=-5: must be positive (lcm's variables are sizes, counts and processors)\n",
                "fit", "-f", "none.pp", "--at", "n=2^10", "--at", "n=-5");
    }

    @Test
    void aVariableFixedTwiceAcrossRepeatedOptionsIsAnError() {
        rejects("lcm: --fix: n is given twice\n", "compare", "none_a.lcm", "none_b.lcm", "--fix", "n=1", "--fix", "p=2,n=2");
    }

    @Test
    void rangesAreParsedOnce() {
        rejects("lcm: --range p=4:2: the range of p is empty (4 > 2)\n", "compare", "a.lcm", "b.lcm", "--range", "p=4:2");
        rejects("lcm: --range p=0:8: the range includes p = 0 (p counts processors: start at 1)\n",
                "compare", "a.lcm", "b.lcm", "--range", "p=0:8");
        rejects("lcm: --range n=64:4096:+2: the step of n must be a factor like *2 (a geometric range), not '+2'\n",
                "compare", "a.lcm", "b.lcm", "--range", "n=64:4096:+2");
    }

    @Test
    void scalesAreParsedOnce() {
        rejects("lcm: --scale consume=fast: bad factor 'fast': expected a number\n",
                "critical-path", "none.sync", "--scale", "consume=fast");
        rejects("lcm: --scale -1: the factor must be a finite number >= 0\n", "critical-path", "none.sync", "--ratio", "-1");
        rejects("lcm: --scale =2: missing fragment name before '='\n", "critical-path", "none.sync", "--scale", "=2");
    }
}
