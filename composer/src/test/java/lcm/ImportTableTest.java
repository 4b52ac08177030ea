package lcm;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/design.md's table of the packages of lcm and the packages each imports is the code's: for
 * every package of the three modules (a package's subpackages count as the package; ANTLR's
 * generated {@code lcm.grammar} has no row), the lcm packages its classes depend on are exactly
 * those of its row. So the table is the rule for every package: an import that is not in it
 * fails here until the design says so, and a row that says more than the code fails too.
 */
class ImportTableTest {

    private static final Pattern ROW = Pattern.compile("^\\| `([a-z]+)` \\| (.*) \\|$");
    private static final Pattern NAME = Pattern.compile("`([a-z]+)`");

    @Test
    void theDesignsImportTableIsTheCodes() throws IOException {
        Map<String, Set<String>> table = table();
        Map<String, Set<String>> code = code();
        StringBuilder differences = new StringBuilder();
        Set<String> packages = new TreeSet<>(table.keySet());
        packages.addAll(code.keySet());
        for (String p : packages) {
            Set<String> drawn = table.getOrDefault(p, Set.of());
            Set<String> real = code.getOrDefault(p, Set.of());
            if (!drawn.equals(real) || !table.containsKey(p)) {
                differences.append("\n  ").append(p).append(": the code imports ").append(real)
                        .append(table.containsKey(p) ? ", the table says " + drawn : ", the table has no row");
            }
        }
        assertEquals("", differences.toString(), "docs/design.md's import table differs from the code:");
    }

    /** The table of docs/design.md, "Packages and who uses whom". */
    static Map<String, Set<String>> table() throws IOException {
        Path design = Path.of(System.getProperty("lcm.root", ".")).resolve("docs/design.md");
        Map<String, Set<String>> rows = new TreeMap<>();
        for (String line : Files.readAllLines(design)) {
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                Set<String> imports = new TreeSet<>();
                Matcher n = NAME.matcher(m.group(2));
                while (n.find()) {
                    imports.add(n.group(1));
                }
                rows.put(m.group(1), imports);
            }
        }
        return rows;
    }

    /** Per package of lcm's main classes, the other lcm packages its classes depend on. */
    static Map<String, Set<String>> code() {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("lcm");
        Map<String, Set<String>> edges = new TreeMap<>();
        for (JavaClass c : classes) {
            String from = top(c.getPackageName());
            if (from == null || from.equals("grammar")) {
                continue;
            }
            Set<String> to = edges.computeIfAbsent(from, k -> new TreeSet<>());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String target = top(d.getTargetClass().getPackageName());
                if (target != null && !target.equals(from)) {
                    to.add(target);
                }
            }
        }
        return edges;
    }

    /** The package's name below lcm, without subpackages; null outside lcm and for lcm itself. */
    private static String top(String pkg) {
        if (!pkg.startsWith("lcm.")) {
            return null;
        }
        String rest = pkg.substring(4);
        return rest.contains(".") ? rest.substring(0, rest.indexOf('.')) : rest;
    }

}
