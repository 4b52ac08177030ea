package lcm.bench;

import java.lang.management.ManagementFactory;
import lcm.expr.NumberText;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The figures of one {@code lcm bench} run as JSON (for machines and as a baseline file), and
 * their comparison with a baseline: each figure's median wall and CPU time over the
 * baseline's, so that a slower change shows up in review without a timed test.
 */
public final class BenchReport {

    private static final ObjectMapper JSON = new ObjectMapper();

    private BenchReport() {
    }

    /**
     * The machine the figures were taken on: cores, Java, max heap, OS and the load average at the
     * start (wall times count other work too: the load says how much there was).
     */
    public static Map<String, String> machine() {
        Map<String, String> machine = new LinkedHashMap<>();
        machine.put("cores", String.valueOf(Runtime.getRuntime().availableProcessors()));
        machine.put("java", System.getProperty("java.version"));
        machine.put("maxHeapMiB", String.valueOf(Runtime.getRuntime().maxMemory() / 1048576));
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        machine.put("loadAverage", load < 0 ? "unknown" : NumberText.fixed(load, 2));
        return machine;
    }

    public static String json(Map<String, String> machine, List<Figure> figures) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode m = root.putObject("machine");
        machine.forEach(m::put);
        ArrayNode list = root.putArray("figures");
        for (Figure f : figures) {
            ObjectNode o = list.addObject();
            o.put("key", f.key());
            o.put("label", f.label().strip());
            number(o, "value", f.value());
            o.put("unit", f.unit());
            o.put("target", f.target());
            if (f.met() != null) {
                o.put("met", f.met());
                o.put("checkedOn", f.checkedOn());
            }
            if (!f.anchor().isEmpty()) {
                o.put("anchor", f.anchor());
                number(o, "anchorRatio", f.anchorRatio());
            }
            Sample s = f.sample();
            o.put("runs", s.runs());
            number(o, "wallMedian", s.wallMedian());
            number(o, "wallMin", s.wallMin());
            number(o, "wallMax", s.wallMax());
            number(o, "cpuMedian", s.cpuMedian());
            if (s.peakBytes() > 0) {
                o.put("peakHeapMiB", Math.round(s.peakBytes() / 1048576.0 * 10) / 10.0);
            }
            if (s.liveBytes() > 0) {
                o.put("liveHeapMiB", Math.round(s.liveBytes() / 1048576.0 * 10) / 10.0);
            }
            if (!f.note().isEmpty()) {
                o.put("note", f.note());
            }
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void number(ObjectNode o, String name, double v) {
        if (Double.isFinite(v)) {
            o.put(name, v);
        } else {
            o.putNull(name);
        }
    }

    /** The baseline's median wall and CPU seconds by figure key. */
    public static Map<String, double[]> readBaseline(String text) throws java.io.IOException {
        JsonNode root = JSON.readTree(text);
        JsonNode figures = root == null ? null : root.get("figures");
        if (figures == null || !figures.isArray()) {
            throw new java.io.IOException("not an lcm bench --format json file: no \"figures\" list");
        }
        Map<String, double[]> out = new LinkedHashMap<>();
        for (JsonNode f : figures) {
            if (f.hasNonNull("key")) {
                out.put(f.get("key").asText(), new double[] {num(f, "wallMedian"), num(f, "cpuMedian")});
            }
        }
        return out;
    }

    private static double num(JsonNode f, String name) {
        return f.hasNonNull(name) ? f.get(name).asDouble() : Double.NaN;
    }

    /** One line per figure: now over baseline for wall and CPU medians (above 1: slower now). */
    public static String compare(List<Figure> figures, Map<String, double[]> baseline, String baselineName) {
        StringBuilder b = new StringBuilder("against " + baselineName + " (ratio now / baseline; above 1 is slower):\n");
        Map<String, Boolean> seen = new HashMap<>();
        for (Figure f : figures) {
            double[] base = baseline.get(f.key());
            seen.put(f.key(), true);
            if (base == null) {
                b.append(String.format(Locale.ROOT, "  %-22s not in the baseline%n", f.key()));
                continue;
            }
            double wall = f.sample().wallMedian() / base[0];
            double cpu = f.sample().cpuMedian() / base[1];
            b.append(String.format(Locale.ROOT, "  %-22s wall %6sx  cpu %6s%s%n", f.key(), NumberText.fixed(wall, 2),
                    Double.isFinite(cpu) ? NumberText.fixed(cpu, 2) + "x" : "n/a",
                    wall > 1.25 ? "   slower" : wall < 0.8 ? "   faster" : ""));
        }
        for (String k : baseline.keySet()) {
            if (!seen.containsKey(k)) {
                b.append(String.format(Locale.ROOT, "  %-22s in the baseline, not run now%n", k));
            }
        }
        return b.toString();
    }
}
