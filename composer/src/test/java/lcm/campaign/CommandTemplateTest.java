package lcm.campaign;

import lcm.campaign.Campaign.Axis;
import lcm.campaign.Campaign.DesignPoint;
import lcm.source.UserError;
import lcm.values.ShellWords;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A structure's lcm measure command: words as a shell splits them, placeholders, filling. */
class CommandTemplateTest {

    private final List<Axis> axes = List.of(new Axis("n", List.of(64.0, 128.0)), new Axis("p", List.of(1.0, 2.0)));

    @Test
    void wordsAsAShellSplitsThem() {
        assertEquals(List.of("java", "-Dn={n}", "My Prog.java", "it's", "a\"b", "c d"),
                ShellWords.split("java  -Dn={n} 'My Prog.java' it\\'s \"a\\\"b\" c\\ d", "--structure"));
        assertEquals("lcm: --structure tp: unbalanced ' in 'java 'x'",
                assertThrows(UserError.class, () -> ShellWords.split("java 'x", "--structure tp")).getMessage());
    }

    @Test
    void theMeasureCommandAndItsFilling() {
        List<String> t = CommandTemplate.measure(axes, List.of("src/tp.f90"), List.of("--from", "init"),
                List.of("./tp", "{n}"));
        assertEquals(List.of("lcm", "measure", "--vars", "n={n},p={p}", "--out", "{out}", "--source", "src/tp.f90",
                "--from", "init", "--", "./tp", "{n}"), t);
        assertEquals("", CommandTemplate.problem(t, axes));
        Map<String, Double> v = new LinkedHashMap<>();
        v.put("n", 128.0);
        v.put("p", 2.0);
        assertEquals(List.of("lcm", "measure", "--vars", "n=128,p=2", "--out", "/d/7.pp.part", "--source", "src/tp.f90",
                "--from", "init", "--", "./tp", "128"), CommandTemplate.fill(t, new DesignPoint(4, v), "/d/7.pp.part"));
        assertEquals("lcm measure --vars n={n},p={p} --out {out} -- 'a b' 'it'\\''s'",
                ShellWords.join(List.of("lcm", "measure", "--vars", "n={n},p={p}", "--out", "{out}", "--", "a b", "it's")));
    }

    @Test
    void whatIsWrongWithATemplate() {
        assertEquals("the command must start with lcm measure", CommandTemplate.problem(List.of("java", "x"), axes));
        assertEquals("the command must write its lines to {out} (--out {out})",
                CommandTemplate.problem(List.of("lcm", "measure", "--", "x"), axes));
        assertEquals("{m} is no variable of the campaign (n, p, out)",
                CommandTemplate.problem(List.of("lcm", "measure", "--out", "{out}", "--", "x", "{m}"), axes));
        assertEquals("the command must give the program after --",
                CommandTemplate.problem(List.of("lcm", "measure", "--out", "{out}"), axes));
    }
}
