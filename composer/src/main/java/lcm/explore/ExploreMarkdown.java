package lcm.explore;

import lcm.expr.NumberText;

import java.util.List;
import java.util.Map;

import static lcm.compare.CompareMarkdown.cell;

/**
 * {@code lcm explore --format markdown}: what the text says, as a page a report can hold: the
 * points, the ranked table as a markdown table, what its marks mean, each top variant's edits
 * with why they apply and the source edit as a {@code diff} block, what was not proposed.
 */
public final class ExploreMarkdown {

    private ExploreMarkdown() {
    }

    public static String render(Exploration e, int top, Map<Integer, String> diffs) {
        StringBuilder out = new StringBuilder();
        Exploration.SearchFigures s = e.search();
        out.append("# lcm explore ").append(cell(e.program())).append("\n\n")
                .append(NumberText.counted(s.variants(), "variant")).append(" (the program as it is and ")
                .append(s.variants() - 1).append(" restructurings, to depth ").append(s.depth())
                .append("), each composed once and evaluated at ").append(NumberText.counted(e.points().size(), "point"))
                .append(".\n\n");
        int shown = Math.min(ExploreText.POINTS_SHOWN, e.points().size());
        for (int i = 0; i < shown; i++) {
            out.append("- point ").append(i + 1).append(": ").append(NumberText.point(e.points().get(i))).append('\n');
        }
        out.append('\n');
        List<String[]> rows = ExploreText.rows(e, top);
        for (int r = 0; r < rows.size(); r++) {
            out.append('|');
            for (String c : rows.get(r)) {
                out.append(' ').append(cell(c)).append(" |");
            }
            out.append('\n');
            if (r == 0) {
                out.append("|---".repeat(rows.get(0).length)).append("|\n");
            }
        }
        out.append('\n');
        if (e.ranked().size() > top + 1) {
            out.append(e.ranked().size() - top - 1).append(" more in `--format json`, or give `--top`.\n\n");
        }
        ExploreText.notes(e).forEach(n -> out.append(cell(n)).append("\n\n"));
        int k = 0;
        for (Ranked r : e.ranked()) {
            if (r.variant().original() || k++ >= top) {
                continue;
            }
            out.append("## Variant ").append(r.number()).append("\n\n");
            for (Edit edit : r.variant().edits()) {
                out.append("- `").append(edit.label()).append("`: ").append(cell(edit.reason())).append('\n');
            }
            r.prediction().extrapolated().stream().distinct().limit(3)
                    .forEach(w -> out.append("- ! ").append(cell(w)).append('\n'));
            String diff = diffs.get(r.number());
            out.append('\n').append(diff != null ? "```diff\n" + diff + (diff.endsWith("\n") ? "" : "\n") + "```\n"
                    : ExploreText.DESCRIBED + "\n").append('\n');
        }
        if (!e.refusals().isEmpty()) {
            out.append("## Not proposed (annotate to allow)\n\n");
            e.refusals().forEach(r -> out.append("- ").append(cell(r.text())).append('\n'));
            out.append('\n');
        }
        return out.toString();
    }
}
