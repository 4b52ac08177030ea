package lcm.phases;

import lcm.expr.NumberText;
import lcm.source.SourceText;
import lcm.source.Diagnostic;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import lcm.trace.ChromeTraceReader;
import lcm.trace.CriticalPath;
import lcm.trace.EventSink;
import lcm.trace.Interval;
import lcm.trace.LoadedTrace;
import lcm.trace.MessageTrace;
import lcm.trace.MessageTraceReader;
import lcm.trace.ParaverReader;
import lcm.trace.Step;
import lcm.trace.SyncTraceReader;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Reads any trace lcm reads, through the {@code lcm.trace} readers, as a {@link Timeline}:
 * <ul>
 * <li>message-passing traces ({@code .mpt}, Paraver {@code .prv}, another tool's Chrome JSON):
 *     a computation interval is busy unless its label is a Paraver state that is not
 *     {@code Running} or an MPI call ({@code MPI_Allreduce}, a Chrome slice's name): then it is
 *     lost to that label; sends and receives are lost to {@code send} / {@code recv} (or their
 *     state);</li>
 * <li>synchronization traces ({@code .sync}) and lcm's own Chrome output: run by the
 *     critical-path engine; a step's work is busy (time spent in its fragment), the time its
 *     event waited is lost to {@code wait}, {@code recv} or {@code barrier}.</li>
 * </ul>
 */
public final class TimelineReader {

    /** Paraver states that are not computation (Extrae's .pcf names). */
    static final Set<String> PARAVER_LOST = Set.of("Idle", "Not created", "Waiting a message", "Blocking Send",
            "Synchronization", "Test/Probe", "Scheduling and Fork/Join", "Wait/WaitAll", "Blocked", "Immediate Send",
            "Immediate Receive", "I/O", "Group Communication", "Tracing Disabled", "Others", "Send Receive",
            "Memory transfer", "Profiling", "On-line analysis");

    private TimelineReader() {
    }

    /** A state label that is not computation: a Paraver state other than Running, or an MPI call (Chrome slices). */
    static boolean isLostState(String label) {
        return PARAVER_LOST.contains(label) || label.regionMatches(true, 0, "MPI_", 0, 4);
    }

    public static Timeline read(Path file, SourceRegistry sources) {
        String ext = extension(file);
        return switch (ext) {
            case "mpt" -> fromMessages(file.toString(), MessageTraceReader.read(sources.read(file)));
            case "prv" -> paraverEnd(sources.read(file), fromMessages(file.toString(), ParaverReader.read(sources.read(file))));
            case "json" -> {
                ChromeTraceReader.Result r = ChromeTraceReader.read(sources.read(file));
                yield r instanceof ChromeTraceReader.Timeline t
                        ? fromMessages(file.toString(), t.trace())
                        : fromPrograms(file.toString(), ((ChromeTraceReader.Programs) r).trace());
            }
            case "sync" -> fromPrograms(file.toString(), SyncTraceReader.read(file, sources));
            default -> throw UserError.of(file + ": unknown trace format '." + ext
                    + "' (expected .sync, .mpt, .prv or .json)");
        };
    }

    /** A message-passing trace as a timeline (also for tests and generated traces). */
    public static Timeline fromMessages(String source, MessageTrace trace) {
        List<Lane> lanes = new ArrayList<>();
        List<Diagnostic> warnings = new ArrayList<>(trace.warnings());
        for (MessageTrace.Task t : trace.tasks()) {
            List<Span> spans = new ArrayList<>();
            for (Interval i : t.intervals()) {
                if (i.end() <= i.begin()) {
                    continue;
                }
                boolean paraverLost = isLostState(i.fragment());
                spans.add(switch (i.kind()) {
                    case COMPUTE -> new Span(i.begin(), i.end(), !paraverLost, i.fragment());
                    case SEND -> new Span(i.begin(), i.end(), false, paraverLost ? i.fragment() : "send");
                    case RECV -> new Span(i.begin(), i.end(), false, paraverLost ? i.fragment() : "recv");
                    case COLLECTIVE -> new Span(i.begin(), i.end(), false, paraverLost ? i.fragment() : "collective");
                });
            }
            lanes.add(new Lane(t.name(), spans));
        }
        Timeline tl = new Timeline(source, lanes, Optional.of(trace), warnings);
        return checked(tl);
    }

    /** Step programs (sync traces, lcm's Chrome output) run by the engine. */
    static Timeline fromPrograms(String source, LoadedTrace loaded) {
        List<List<Span>> spans = new ArrayList<>();
        List<String> names = new ArrayList<>();
        EventSink sink = new EventSink() {
            @Override
            public void start(List<String> taskNames, List<Double> starts) {
                names.addAll(taskNames);
                for (int i = 0; i < taskNames.size(); i++) {
                    spans.add(new ArrayList<>());
                }
            }

            @Override
            public void event(int task, Step step, double workStart, double time) {
                double workEnd = workStart + step.work();
                if (step.work() > 0) {
                    spans.get(task).add(new Span(workStart, workEnd, true, step.fragment()));
                }
                if (time > workEnd) {
                    String why = switch (step.kind()) {
                        case RECV -> "recv";
                        case BARRIER -> "barrier";
                        default -> "wait";
                    };
                    spans.get(task).add(new Span(workEnd, time, false, why));
                }
            }
        };
        CriticalPath.Result r = CriticalPath.of(loaded.tasks(), sink);
        List<Lane> lanes = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            lanes.add(new Lane(names.get(i), spans.get(i)));
        }
        List<Diagnostic> warnings = new ArrayList<>(loaded.warnings());
        warnings.addAll(r.warnings());
        return checked(new Timeline(source, lanes, Optional.empty(), warnings));
    }

    private static final Pattern PARAVER_LENGTH =
            Pattern.compile("^#Paraver \\([^)]*\\):(\\d+)(_ns|_us|_ms)?:");

    /**
     * A Paraver header states the run's length; a trace whose activity ends well before it
     * (under 90 %) was most likely cut off at a line boundary: warn.
     */
    static Timeline paraverEnd(SourceText text, Timeline tl) {
        Matcher m = PARAVER_LENGTH.matcher(text.lines().isEmpty() ? "" : text.lines().get(0));
        if (!m.find()) {
            return tl;
        }
        double unit = "_ns".equals(m.group(2)) ? 1e-9 : "_ms".equals(m.group(2)) ? 1e-3 : 1e-6;
        double declared = Long.parseLong(m.group(1)) * unit;
        if (declared > 0 && tl.end() < 0.9 * declared) {
            List<Diagnostic> w = new ArrayList<>(tl.warnings());
            w.add(Diagnostic.warning(SourceLocation.of(text.path(), text.lines().size(), 1),
                    "the trace's last activity ends at " + NumberText.text(tl.end()) + " s, but its header says the run took "
                            + NumberText.text(declared) + " s: truncated? (phases and predictions cover only what is here)"));
            return new Timeline(tl.source(), tl.lanes(), tl.messages(), w);
        }
        return tl;
    }

    private static Timeline checked(Timeline tl) {
        if (tl.lanes().isEmpty() || tl.lanes().stream().allMatch(l -> l.spans().isEmpty())) {
            throw new UserError(Diagnostic.error(SourceLocation.of(Path.of(tl.source()), 1, 1),
                    "the trace has no activity of positive length (empty or truncated?): no profile to draw"));
        }
        return tl;
    }

    static String extension(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}
