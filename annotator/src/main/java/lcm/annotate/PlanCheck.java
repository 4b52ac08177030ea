package lcm.annotate;

import lcm.annotation.Annotation;
import lcm.annotation.Category;
import lcm.expr.Expr;
import lcm.antlr.Parsed;
import lcm.fortran.FortranOptions;
import lcm.frontend.ParsedProgram;
import lcm.frontend.ProgramReader;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The last check before writing: the annotated texts, parsed again, must give every fragment
 * exactly the model lines written (attached to the same construct, nothing else attached
 * differently), and every tag must name the same fragments it named before, so that running
 * annotate again finds them. A failure means the model lines cannot be placed safely in this
 * source; it is reported at the fragment and nothing is written.
 */
final class PlanCheck {

    /**
     * One fragment's planned lines and the index of its edit among its file's edits.
     *
     * @param marked the name of the {@code fragment NAME} line written after the model lines, for an
     *               implicit fragment annotate marks ({@link ExplicitFragment}); empty for any other
     */
    record Placed(String tag, FragmentSite site, ModelLines.Planned planned, int edit, Optional<String> marked) {
    }

    private final List<Path> files;
    private final List<Placed> placed;
    private final Map<Path, SourceLines.Edited> edited;
    private final FortranOptions fortran;
    private final List<String> marked;

    /** @param marked the names of the implicit fragments marked, each of which must be a fragment after writing */
    PlanCheck(List<Path> files, List<Placed> placed, Map<Path, SourceLines.Edited> edited, FortranOptions fortran,
              List<String> marked) {
        this.files = List.copyOf(files);
        this.placed = List.copyOf(placed);
        this.edited = edited;
        this.fortran = fortran;
        this.marked = List.copyOf(marked);
    }

    void verify() {
        SourceRegistry fresh = new SourceRegistry();
        for (Path f : files) {
            fresh.register(SourceText.of(f, SourceText.decode(edited.get(f).bytes())));
        }
        Parsed<ParsedProgram> read = new ProgramReader(fresh, fortran).parse(files);
        if (!read.isOk()) {
            throw fail(placed.get(0).site().at(), "the annotated sources would not parse: " + read.problems().get(0).headline());
        }
        TagSites after = TagSites.of(read.value().get());
        for (String name : marked) {
            if (after.fragments().stream().noneMatch(s -> s.fragment() && s.name().equals(name))) {
                throw fail(placed.isEmpty() ? SourceLocation.of(files.get(0), 1, 1) : placed.get(0).site().at(),
                        "after writing, 'fragment " + name + "' would not be a fragment");
            }
        }
        for (Placed p : placed) {
            SourceLines.Edited ed = edited.get(p.site().file());
            int first = ed.firstInserted()[p.edit()];
            // a marked implicit fragment starts at its 'fragment NAME' line, after the model lines
            int line = p.marked().isPresent() ? first + p.planned().lines().size() : ed.lineAfter(p.site().line());
            List<FragmentSite> found = after.named(p.tag()).stream().filter(s -> s.file().equals(p.site().file())
                    && s.line() == line && p.marked().map(s.name()::equals).orElse(true)).toList();
            if (found.isEmpty()) {
                throw fail(p.site().at(), "after writing, tag '" + p.tag() + "' would no longer name this fragment");
            }
            FragmentSite now = found.get(0);
            Set<Integer> expected = new TreeSet<>();
            for (int i : p.planned().starts()) {
                expected.add(first + i);
            }
            Set<Integer> lines = new TreeSet<>();
            Map<Category, Expr> models = new EnumMap<>(Category.class);
            for (Annotation.Model m : now.models()) {
                lines.add(m.at().line());
                models.putAll(m.categories());
            }
            if (!lines.equals(expected) || !texts(models).equals(texts(p.planned().models()))) {
                throw fail(p.site().at(), "after writing, the model lines would not attach to this construct as "
                        + "written (lines " + expected + " expected, " + lines + " found)");
            }
        }
    }

    private static Map<Category, String> texts(Map<Category, Expr> models) {
        Map<Category, String> out = new EnumMap<>(Category.class);
        models.forEach((c, e) -> out.put(c, e.text()));
        return out;
    }

    private static UserError fail(SourceLocation at, String message) {
        return UserError.at(at, "cannot place the models here: " + message);
    }
}
