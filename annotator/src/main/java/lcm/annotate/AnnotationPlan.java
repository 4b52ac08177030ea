package lcm.annotate;

import lcm.expr.NumberText;
import lcm.source.Diagnostic;

import java.util.List;
import java.util.Locale;

/**
 * Everything {@code lcm annotate} would do, computed before any file is touched: the new text
 * of every source, what was written for each fragment, and the warnings (a tag with no
 * fragment, a fragment with no data, front-end warnings) and notes (fitting).
 */
public record AnnotationPlan(List<FileChange> files, List<AnnotatedFragment> fragments, List<Diagnostic> warnings,
                             List<String> notes) {

    public AnnotationPlan {
        files = List.copyOf(files);
        fragments = List.copyOf(fragments);
        warnings = List.copyOf(warnings);
        notes = List.copyOf(new java.util.LinkedHashSet<>(notes)); // each note once
    }

    /** Whether any file changes. */
    public boolean changes() {
        return files.stream().anyMatch(FileChange::changed);
    }

    /** The unified diff of every changed file. */
    public String diff() {
        StringBuilder out = new StringBuilder();
        files.forEach(f -> out.append(f.diff()));
        return out.toString();
    }

    /** One paragraph per fragment: where, what was fitted, the lines written. */
    public String report() {
        StringBuilder out = new StringBuilder();
        for (AnnotatedFragment f : fragments) {
            out.append(f.name()).append("  ").append(f.at().file()).append(':').append(f.at().line()).append("  ")
                    .append(f.points()).append(f.points() == 1 ? " observation" : " observations");
            if (!f.variables().isEmpty()) {
                out.append(" of ").append(String.join(", ", f.variables()));
            }
            out.append(f.replaced() == 0 ? "; " + f.lines().size() + " model lines inserted"
                    : "; " + f.replaced() + " model lines replaced by " + f.lines().size()).append('\n');
            for (int i = 0; i < Math.min(f.models().size(), f.starts().size()); i++) {
                AnnotatedFragment.Fitted m = f.models().get(i);
                List<String> lines = f.annotation(i);
                lines.subList(0, lines.size() - 1).forEach(l -> out.append("  ").append(l.strip()).append('\n'));
                String line = lines.get(lines.size() - 1).strip();
                String cv = Double.isFinite(m.error()) ? String.format(Locale.ROOT, "%7s", NumberText.percent(m.error())) : "  n/a  ";
                out.append(String.format(Locale.ROOT, "  %-60s CV %s  (%s)%n", line, cv, m.combination()));
                if (!m.prediction().isEmpty()) {
                    out.append("      ").append(m.prediction()).append('\n');
                }
            }
            for (String z : f.zero()) {
                out.append("  ").append(z).append(" is 0 in every measurement: no model line\n");
            }
            if (!f.fittedOn().isEmpty()) {
                out.append("  ").append(f.fittedOn()).append('\n');
            }
        }
        return out.toString();
    }
}
