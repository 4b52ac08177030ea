package lcm.trace;

import lcm.source.AtomicOutput;
import lcm.source.UserError;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The files of a predicted trace that {@code lcm critical-path} writes while it computes the path:
 * Chrome trace-event JSON, and a Paraver trace (OUT.prv with OUT.pcf and OUT.row beside it) or a
 * message-passing text trace (any other name). Each is written to a temporary file beside its
 * target and replaces the target only when the whole run has succeeded ({@link #commit}); closing
 * without a commit removes them.
 */
public final class TraceOutputs implements AutoCloseable {

    private final List<AtomicOutput.Pending> files = new ArrayList<>();
    private final List<EventSink> sinks = new ArrayList<>();
    private final Optional<Path> textTarget;
    private ChromeTraceWriter chrome;
    private PrintWriter text;

    private TraceOutputs(Optional<Path> textTarget) {
        this.textTarget = textTarget;
    }

    /** Opens the outputs asked for: {@code chrome} as Chrome JSON, {@code trace} as Paraver (.prv) or text. */
    public static TraceOutputs open(Optional<Path> chrome, Optional<Path> trace) {
        TraceOutputs out = new TraceOutputs(trace.filter(t -> !isParaver(t)));
        try {
            if (chrome.isPresent()) {
                AtomicOutput.Pending o = out.file(chrome.get());
                out.chrome = new ChromeTraceWriter(o.stream());
                out.sinks.add(out.chrome);
            }
            if (trace.isPresent() && isParaver(trace.get())) {
                AtomicOutput.Pending prv = out.file(trace.get());
                AtomicOutput.Pending pcf = out.file(companion(trace.get(), ".pcf"));
                AtomicOutput.Pending row = out.file(companion(trace.get(), ".row"));
                out.sinks.add(new ParaverTraceWriter(prv.stream(), pcf.stream(), row.stream()));
            } else if (trace.isPresent()) {
                AtomicOutput.Pending o = out.file(trace.get());
                out.text = new PrintWriter(new OutputStreamWriter(o.stream(), StandardCharsets.UTF_8));
                out.sinks.add(new MessageTraceWriter(out.text));
            }
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
        return out;
    }

    /** Where the path's events go: every output opened (none: nothing is written). */
    public EventSink sink() {
        return Sinks.of(sinks);
    }

    /** Finishes the outputs and puts them in place: only a complete run writes its files. */
    public void commit() {
        if (chrome != null) {
            chrome.close();
        }
        if (text != null) {
            text.flush();
            if (text.checkError()) {
                throw UserError.of("cannot write " + textTarget.orElseThrow());
            }
        }
        files.forEach(AtomicOutput.Pending::commit);
    }

    /** Removes the temporary files of outputs not committed. */
    @Override
    public void close() {
        files.forEach(AtomicOutput.Pending::close);
    }

    private AtomicOutput.Pending file(Path target) {
        AtomicOutput.Pending o = AtomicOutput.open(target);
        files.add(o);
        return o;
    }

    private static boolean isParaver(Path p) {
        return p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".prv");
    }

    /** OUT.pcf beside OUT.prv. */
    private static Path companion(Path prv, String ext) {
        String file = prv.getFileName().toString();
        return prv.resolveSibling(file.substring(0, file.length() - 4) + ext);
    }
}
