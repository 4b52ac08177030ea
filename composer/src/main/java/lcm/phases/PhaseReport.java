package lcm.phases;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import lcm.source.Diagnostic;
import lcm.expr.NumberText;

import java.util.Locale;
import java.util.List;
import java.util.Map;

/** Text and JSON output of {@code lcm profile} and {@code lcm phases}. */
public final class PhaseReport {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Execution signatures of phase {@code phase} across runs, and the prediction at {@code target} processors. */
    public record SignatureRow(int phase, double[] processors, double[] seconds, ExecutionSignature.Result fit,
                               double target) {
    }

    private PhaseReport() {
    }

    public static String profileText(Timeline tl, Profile p) {
        StringBuilder sb = new StringBuilder();
        sb.append("trace: ").append(tl.source()).append(" (").append(tl.processors()).append(" tasks, ")
                .append(NumberText.plain(tl.length())).append(" s from first to last activity)\n");
        sb.append("profile: ").append(p.bins()).append(" bins of ").append(NumberText.plain(p.binWidth())).append(" s\n");
        double total = tl.length() * tl.processors();
        double busy = sum(p.busy()) * p.binWidth();
        sb.append(String.format(Locale.ROOT, "  %-28s %14s %8s%n", "", "processor-s", "share"));
        sb.append(String.format(Locale.ROOT, "  %-28s %14s %8s%n", "busy", NumberText.plain(busy), NumberText.percent(busy / total)));
        for (Map.Entry<String, double[]> e : p.lost().entrySet()) {
            double v = sum(e.getValue()) * p.binWidth();
            sb.append(String.format(Locale.ROOT, "  %-28s %14s %8s%n", "lost: " + e.getKey(), NumberText.plain(v), NumberText.percent(v / total)));
        }
        sb.append("average parallelism: ").append(NumberText.plain(p.averageParallelism())).append(" of ").append(p.processors())
                .append(" processors\n");
        return sb.toString();
    }

    static double sum(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s;
    }

    public static ObjectNode profileJson(Timeline tl, Profile p, List<Diagnostic> warnings) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("trace", tl.source());
        o.put("tasks", tl.processors());
        o.put("start", tl.start());
        o.put("length", tl.length());
        o.put("bin_width", p.binWidth());
        o.put("average_parallelism", p.averageParallelism());
        ArrayNode times = o.putArray("time");
        for (double t : p.times()) {
            times.add(t - p.start());
        }
        ArrayNode busy = o.putArray("busy");
        for (double b : p.busy()) {
            busy.add(b);
        }
        ObjectNode lost = o.putObject("lost");
        p.lost().forEach((k, v) -> {
            ArrayNode a = lost.putArray(k);
            for (double x : v) {
                a.add(x);
            }
        });
        warnings(o, warnings);
        return o;
    }

    public static String phasesText(PhaseAnalysis a, PhaseAnalysis.Settings settings) {
        StringBuilder sb = new StringBuilder();
        Timeline tl = a.timeline();
        Profile p = a.profile();
        sb.append("trace: ").append(tl.source()).append(" (").append(tl.processors()).append(" tasks, measured length ")
                .append(NumberText.plain(tl.length())).append(" s)\n");
        sb.append("profile: ").append(p.bins()).append(" bins of ").append(NumberText.plain(p.binWidth())).append(" s; smoothing ")
                .append(settings.smoothing().text()).append("; average parallelism ").append(NumberText.plain(p.averageParallelism()))
                .append("\n");
        sb.append("phases (execution profile):\n");
        sb.append(String.format(Locale.ROOT, "  %3s  %-12s %12s %12s %12s %10s %10s%n", "#", "kind", "start (s)",
                "end (s)", "length (s)", "mean busy", "variance"));
        for (Phase ph : a.phases()) {
            sb.append(String.format(Locale.ROOT, "  %3d  %-12s %12s %12s %12s %10s %10s%n", ph.index(),
                    ph.kind().word(), NumberText.plain(ph.start() - tl.start()), NumberText.plain(ph.end() - tl.start()), NumberText.plain(ph.length()),
                    NumberText.fixed(ph.mean(), 2),
                    NumberText.fixed(ph.variance(), 2)));
        }
        if (a.logical().isPresent() && a.repeated().isPresent()) {
            LogicalTrace lt = a.logical().get();
            RepeatedPhases rp = a.repeated().get();
            sb.append("logical trace: ").append(lt.ticks().size()).append(" ticks, ").append(lt.symbolCount())
                    .append(" distinct communication steps\n");
            sb.append("loop nest: ").append(shorten(rp.nest().text(), 200)).append("  (loops cover ")
                    .append(NumberText.percent(rp.nest().coverage())).append(" of the ticks)\n");
            sb.append("repeated phases (PAS2P):\n");
            sb.append(String.format(Locale.ROOT, "  %3s %6s %7s %16s %16s %16s%n", "id", "ticks", "weight",
                    "one exec. (s)", "measured (s)", "predicted (s)"));
            for (RepeatedPhases.RepeatedPhase ph : rp.phases()) {
                sb.append(String.format(Locale.ROOT, "  %3d %6d %7d %16s %16s %16s%n", ph.id(), ph.ticks(),
                        ph.weight(), NumberText.plain(ph.firstTime()), NumberText.plain(ph.totalTime()), NumberText.plain(ph.predicted())));
            }
            sb.append("prediction: sum of one execution x weight = ").append(NumberText.plain(rp.predicted())).append(" s; measured ")
                    .append(NumberText.plain(rp.measured())).append(" s; error ").append(NumberText.signedPercent(rp.error())).append("\n");
        }
        return sb.toString();
    }

    static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }

    public static String signaturesText(List<SignatureRow> rows) {
        if (rows.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("execution signatures (rate = executions/s against p), fitted by lcm fit:\n");
        for (SignatureRow r : rows) {
            sb.append("  phase ").append(r.phase()).append(": ");
            for (int i = 0; i < r.processors().length; i++) {
                sb.append(i == 0 ? "" : ", ").append(NumberText.plain(r.seconds()[i])).append(" s on ").append(NumberText.plain(r.processors()[i]));
            }
            sb.append("; E(p) = ").append(r.fit().model());
            if (!Double.isNaN(r.target())) {
                sb.append("; predicted on ").append(NumberText.plain(r.target())).append(": ").append(NumberText.plain(r.fit().time(r.target()))).append(" s");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    public static ObjectNode phasesJson(List<PhaseAnalysis> analyses, PhaseAnalysis.Settings settings,
                                        List<SignatureRow> signatures, List<Diagnostic> warnings) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("smoothing", settings.smoothing().text());
        root.put("bins", settings.bins());
        ArrayNode traces = root.putArray("traces");
        for (PhaseAnalysis a : analyses) {
            ObjectNode o = traces.addObject();
            Timeline tl = a.timeline();
            o.put("trace", tl.source());
            o.put("tasks", tl.processors());
            o.put("length", tl.length());
            o.put("bin_width", a.profile().binWidth());
            o.put("average_parallelism", a.profile().averageParallelism());
            ArrayNode ph = o.putArray("phases");
            for (Phase p : a.phases()) {
                ObjectNode q = ph.addObject();
                q.put("index", p.index());
                q.put("kind", p.kind().word());
                q.put("start", p.start() - tl.start());
                q.put("end", p.end() - tl.start());
                q.put("length", p.length());
                q.put("mean", p.mean());
                q.put("variance", p.variance());
            }
            if (a.repeated().isPresent()) {
                RepeatedPhases rp = a.repeated().get();
                ObjectNode lt = o.putObject("logical_trace");
                lt.put("ticks", a.logical().get().ticks().size());
                lt.put("symbols", a.logical().get().symbolCount());
                lt.put("loop_nest", rp.nest().text());
                lt.put("coverage", rp.nest().coverage());
                ArrayNode rps = o.putArray("repeated_phases");
                for (RepeatedPhases.RepeatedPhase r : rp.phases()) {
                    ObjectNode q = rps.addObject();
                    q.put("id", r.id());
                    q.put("ticks", r.ticks());
                    q.put("weight", r.weight());
                    q.put("one_execution", r.firstTime());
                    q.put("measured", r.totalTime());
                    q.put("predicted", r.predicted());
                }
                ObjectNode pr = o.putObject("prediction");
                pr.put("measured", rp.measured());
                pr.put("predicted", rp.predicted());
                pr.put("error", rp.error());
            } else {
                o.putNull("logical_trace");
            }
        }
        ArrayNode sig = root.putArray("signatures");
        for (SignatureRow r : signatures) {
            ObjectNode q = sig.addObject();
            q.put("phase", r.phase());
            ArrayNode ps = q.putArray("processors");
            ArrayNode ts = q.putArray("seconds");
            for (int i = 0; i < r.processors().length; i++) {
                ps.add(r.processors()[i]);
                ts.add(r.seconds()[i]);
            }
            q.put("form", r.fit().form());
            q.put("model", r.fit().model());
            if (!Double.isNaN(r.target())) {
                q.put("target_processors", r.target());
                q.put("predicted_seconds", r.fit().time(r.target()));
            }
        }
        warnings(root, warnings);
        return root;
    }

    static void warnings(ObjectNode o, List<Diagnostic> warnings) {
        ArrayNode w = o.putArray("warnings");
        for (Diagnostic d : warnings) {
            w.add(d.toString());
        }
    }

    public static String json(ObjectNode o) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(o) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
