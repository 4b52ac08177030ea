package lcm.source;

import java.util.List;

/**
 * Renders diagnostics the way compilers do:
 * <pre>
 * tp.f:12:7: unclosed 'parallel sections' (opened here, never ended)
 *   c*ksr* parallel sections
 *         ^
 * </pre>
 */
public final class DiagnosticRenderer {

    private final SourceRegistry sources;

    public DiagnosticRenderer(SourceRegistry sources) {
        this.sources = sources;
    }

    public String render(Diagnostic d) {
        StringBuilder out = new StringBuilder(d.headline()).append('\n');
        d.location().ifPresent(at -> sources.line(at).ifPresent(line -> {
            String shown = line.replace('\t', ' ');
            out.append("  ").append(shown).append('\n');
            int caret = Math.min(at.column() - 1, shown.length());
            out.append("  ").append(" ".repeat(Math.max(0, caret))).append("^\n");
        }));
        return out.toString();
    }

    public String render(List<Diagnostic> ds) {
        StringBuilder out = new StringBuilder();
        for (Diagnostic d : ds) {
            out.append(render(d));
        }
        return out.toString();
    }
}
