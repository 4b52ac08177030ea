package lcm.frontend;

import lcm.dag.Dag;
import lcm.dag.DagText;
import lcm.dag.Dags;
import lcm.frontend.StructureBuilder;
import lcm.dag.Dags;
import lcm.fortran.FortranOptions;
import lcm.fortran.SourceForm;
import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.structure.ParsedFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The front-end corpus: small programs written in the styles of public parallel codes
 * (NPB-like fixed form with {@code !$} lines and {@code >} continuations, OpenMP free form with
 * {@code collapse}, preprocessed {@code .F} files, HPF-style comment directives, Java Grande-like
 * thread arrays, jsr166-like recursive tasks, streams with method references). Each file says
 * what lcm must make of it in comments:
 * <ul>
 * <li>{@code expect-dag: SHAPE} — the DAG's shape ({@link Dags#shape});</li>
 * <li>{@code expect-warning: TEXT} — a warning whose headline contains TEXT; every warning must be
 *     expected by one such line;</li>
 * <li>{@code expect-text: TEXT} — {@code lcm dag}'s text output contains TEXT (bindings, clauses);</li>
 * <li>{@code expect-options: ...} — {@code -D NAME}, {@code --line-length N}, {@code --form F},
 *     {@code --no-openmp}, as on the command line;</li>
 * <li>{@code expect-also: FILE ...} — more files of the corpus given on the same command line
 *     (calls across files).</li>
 * </ul>
 * The comment marks are {@code c}, {@code !} and {@code //}; a file with {@code expect-dag} is
 * one program (plus the files it includes and the files it names in {@code expect-also}).
 */
class CorpusTest {

    private static final Path CORPUS = lcm.TestRepo.root().resolve("grammar/src/test/resources/corpus");
    private static final Pattern EXPECT = Pattern.compile("^\\s*(?:c|C|!|//)\\s*expect-([a-z]+):\\s?(.*)$");

    static Stream<Path> sources() throws IOException {
        try (Stream<Path> files = Files.list(CORPUS)) {
            return files.filter(f -> {
                try {
                    return Files.readString(f).contains("expect-dag:");
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sources")
    void readsAsExpected(Path file) throws IOException {
        List<String> dag = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        List<String> options = new ArrayList<>();
        List<Path> files = new ArrayList<>(List.of(file));
        for (String line : Files.readAllLines(file)) {
            Matcher m = EXPECT.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String value = m.group(2).strip();
            switch (m.group(1)) {
                case "dag" -> dag.add(value);
                case "warning" -> warnings.add(value);
                case "text" -> texts.add(value);
                case "options" -> options.addAll(List.of(value.split("\\s+")));
                case "also" -> List.of(value.split("\\s+")).forEach(f -> files.add(CORPUS.resolve(f)));
                default -> throw new IllegalStateException(file + ": unknown expectation expect-" + m.group(1));
            }
        }
        Diagnostics d = new Diagnostics();
        SourceRegistry sources = new SourceRegistry();
        List<ParsedFile> parsed = new ArrayList<>();
        for (Path f : files) {
            parsed.add(Dags.parse(sources, options(options), f, d));
        }
        Dag built = StructureBuilder.build(parsed, d);
        List<String> headlines = d.sorted().stream().map(Diagnostic::headline).toList();
        String all = String.join("\n", headlines);
        assertTrue(headlines.stream().noneMatch(h -> !h.contains("warning:")), () -> file + ": errors:\n" + all);
        for (String h : headlines) {
            assertTrue(warnings.stream().anyMatch(h::contains), () -> file + ": unexpected warning " + h);
        }
        for (String w : warnings) {
            assertTrue(headlines.stream().anyMatch(h -> h.contains(w)), () -> file + ": no warning '" + w + "' in\n" + all);
        }
        assertEquals(1, dag.size(), file + ": one expect-dag line");
        assertEquals(dag.get(0), Dags.shape(built.root()), file.getFileName().toString());
        String text = DagText.render(built);
        for (String t : texts) {
            assertTrue(text.contains(t), () -> file + ": 'lcm dag' does not show '" + t + "':\n" + text);
        }
    }

    private static FortranOptions options(List<String> args) {
        List<String> defines = new ArrayList<>();
        int lineLength = 72;
        boolean openmp = true;
        Optional<SourceForm> form = Optional.empty();
        for (int i = 0; i < args.size(); i++) {
            switch (args.get(i)) {
                case "-D" -> defines.add(args.get(++i));
                case "--line-length" -> lineLength = Integer.parseInt(args.get(++i));
                case "--form" -> form = Optional.of(SourceForm.valueOf(args.get(++i).toUpperCase(Locale.ROOT)));
                case "--no-openmp" -> openmp = false;
                default -> throw new IllegalStateException("unknown option " + args.get(i));
            }
        }
        return FortranOptions.of(openmp, defines, lineLength, form);
    }

    /** At least 30 programs, in both languages. */
    @org.junit.jupiter.api.Test
    void corpusIsLargeEnough() throws IOException {
        List<Path> all = sources().toList();
        assertTrue(all.size() >= 30, "corpus has " + all.size() + " programs");
        assertTrue(all.stream().filter(f -> f.toString().endsWith(".java")).count() >= 8,
                all.stream().map(Path::toString).collect(Collectors.joining(", ")));
    }
}
