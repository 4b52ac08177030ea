package lcm.measure;

import lcm.expr.Numbers;
import lcm.source.Diagnostics;
import lcm.source.JsonTree;
import lcm.source.JsonTree.Arr;
import lcm.source.JsonTree.Num;
import lcm.source.JsonTree.Obj;
import lcm.source.JsonTree.Str;
import lcm.source.JsonTree.Value;
import lcm.source.SourceText;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Extra-P's JSON formats ({@code .json}), both with every callpath, metric and parameter:
 * <ul>
 * <li>the JSON input format: {@code {"parameters": ["p", "n"], "measurements": {CALLPATH:
 * {METRIC: [{"point": [2, 64], "values": [1.2, 1.3]}, ...]}}}}: every value is one measurement
 * (repetitions are runs of their own, as in the text format: at most
 * {@link lcm.pp.RunReservoir#RUNS_PER_POINT} of a callpath and metric at a point are kept,
 * {@link OwnRuns});</li>
 * <li>the experiment format ({@code experiment.json}, the file inside an {@code .extra-p}
 * archive, with a top-level {@code "Extra-P"} version): {@code "measurements": {CALLPATH:
 * {METRIC: [{"coordinate": [2, 64], "mean": 1.25, "median": ..., ...}]}}}: the mean of each point
 * (the median where no mean is given) is one measurement; models and modelers stored there are
 * ignored.</li>
 * </ul>
 * The callpath is the fragment tag, the metric the measured quantity (a category's key such as
 * {@code li} is that category; any other, such as {@code time}, gets the {@code pc} forms).
 * Errors are located at the JSON value they concern ({@code file:line:col}).
 */
public final class ExtraPJsonReader implements MeasurementReader {

    @Override
    public String name() {
        return "extrap-json";
    }

    @Override
    public List<String> extensions() {
        return List.of("json");
    }

    @Override
    public String description() {
        return "Extra-P JSON input format (parameters, measurements: callpath -> metric -> point/values) "
                + "and experiment.json (coordinate/mean)";
    }

    @Override
    public MeasurementSet read(SourceText text, Diagnostics diagnostics) {
        Path path = text.path();
        Optional<Value> parsed = JsonTree.parse(text, "an Extra-P JSON object", diagnostics);
        if (parsed.isEmpty()) {
            return empty(path);
        }
        Value root = parsed.get();
        if (!(root instanceof Obj top)) {
            diagnostics.error(root.at(), "expected an object with \"parameters\" and \"measurements\" (Extra-P JSON)");
            return empty(path);
        }
        boolean experiment = top.fields().containsKey("Extra-P");
        List<String> parameters = parameters(top, diagnostics);
        Value ms = top.fields().get("measurements");
        OwnRuns out = new OwnRuns(path, k -> parameters != null && parameters.contains(k));
        Set<String> metrics = new LinkedHashSet<>();
        if (ms == null) {
            diagnostics.error(top.at(), "no \"measurements\" (Extra-P JSON: {\"parameters\": [...], \"measurements\": "
                    + "{CALLPATH: {METRIC: [{\"point\": [...], \"values\": [...]}]}}})");
        } else if (!(ms instanceof Obj callpaths)) {
            diagnostics.error(ms.at(), "\"measurements\" must be an object of callpaths");
        } else if (parameters != null) {
            for (Map.Entry<String, Value> cp : callpaths.fields().entrySet()) {
                if (!(cp.getValue() instanceof Obj byMetric)) {
                    diagnostics.error(cp.getValue().at(), "callpath '" + cp.getKey() + "' must be an object of metrics");
                    continue;
                }
                for (Map.Entry<String, Value> metric : byMetric.fields().entrySet()) {
                    if (!(metric.getValue() instanceof Arr points)) {
                        diagnostics.error(metric.getValue().at(), "metric '" + metric.getKey() + "' of callpath '" + cp.getKey()
                                + "' must be an array of points");
                        continue;
                    }
                    metrics.add(metric.getKey());
                    for (Value point : points.items()) {
                        point(point, cp.getKey(), metric.getKey(), parameters, experiment, out, diagnostics);
                    }
                }
            }
        }
        List<Measurement> kept = out.kept();
        if (kept.isEmpty() && !diagnostics.hasErrors()) {
            diagnostics.error(top.at(), "no measurements in the JSON file");
        }
        Set<String> quantities = new LinkedHashSet<>(metrics);
        quantities.add(ExtraPTextReader.DEFAULT_METRIC);
        return new MeasurementSet(path, name(), kept, quantities, out.notes());
    }

    private MeasurementSet empty(Path path) {
        return new MeasurementSet(path, name(), List.of(), Set.of(ExtraPTextReader.DEFAULT_METRIC));
    }

    private static List<String> parameters(Obj top, Diagnostics diagnostics) {
        Value v = top.fields().get("parameters");
        if (v == null) {
            diagnostics.error(top.at(), "no \"parameters\" (the list of parameter names)");
            return null;
        }
        if (!(v instanceof Arr a) || a.items().isEmpty()) {
            diagnostics.error(v.at(), "\"parameters\" must be a non-empty array of names");
            return null;
        }
        List<String> names = new ArrayList<>();
        boolean ok = true;
        for (Value item : a.items()) {
            if (item instanceof Str s && !s.text().isBlank() && !Quantities.isQuantity(s.text()) && !Quantities.isTag(s.text())) {
                if (names.contains(s.text())) {
                    diagnostics.error(item.at(), "parameter '" + s.text() + "' given twice");
                    ok = false;
                }
                names.add(s.text());
            } else if (item instanceof Str s && !s.text().isBlank()) {
                diagnostics.error(item.at(), "parameter '" + s.text() + "' is the name of a measured quantity or the tag");
                ok = false;
            } else {
                diagnostics.error(item.at(), "a parameter must be a non-empty string");
                ok = false;
            }
        }
        return ok ? names : null;
    }

    private void point(Value v, String callpath, String metric, List<String> parameters, boolean experiment,
                       OwnRuns out, Diagnostics diagnostics) {
        if (!(v instanceof Obj o)) {
            diagnostics.error(v.at(), "a point must be an object with \"" + (experiment ? "coordinate" : "point") + "\"");
            return;
        }
        String coordKey = o.fields().containsKey("coordinate") || experiment ? "coordinate" : "point";
        Value coord = o.fields().get(coordKey);
        if (!(coord instanceof Arr c)) {
            diagnostics.error(coord == null ? o.at() : coord.at(), "\"" + coordKey + "\" must be an array of "
                    + parameters.size() + " number" + (parameters.size() == 1 ? "" : "s") + " (" + String.join(", ", parameters) + ")");
            return;
        }
        if (c.items().size() != parameters.size()) {
            diagnostics.error(c.at(), c.items().size() + " coordinate" + (c.items().size() == 1 ? "" : "s") + " for "
                    + parameters.size() + " parameter" + (parameters.size() == 1 ? "" : "s") + " (" + String.join(", ", parameters) + ")");
            return;
        }
        double[] x = new double[parameters.size()];
        for (int k = 0; k < x.length; k++) {
            OptionalDouble d = number(c.items().get(k), "coordinate of " + parameters.get(k), diagnostics);
            if (d.isEmpty()) {
                return;
            }
            x[k] = d.getAsDouble();
        }
        List<Value> values = new ArrayList<>();
        if (o.fields().get("values") instanceof Arr vs) {
            values.addAll(vs.items());
        } else if (o.fields().containsKey("values")) {
            diagnostics.error(o.fields().get("values").at(), "\"values\" must be an array of numbers");
            return;
        } else if (o.fields().containsKey("mean")) {
            values.add(o.fields().get("mean"));
        } else if (o.fields().containsKey("median")) {
            values.add(o.fields().get("median"));
        } else {
            diagnostics.error(o.at(), "a point needs \"values\" (or, in an experiment, \"mean\")");
            return;
        }
        if (values.isEmpty()) {
            diagnostics.error(o.fields().get("values").at(), "\"values\" is empty");
        }
        for (Value value : values) {
            OptionalDouble d = number(value, "value", diagnostics);
            if (d.isEmpty()) {
                continue;
            }
            Map<String, Double> m = new LinkedHashMap<>();
            for (int k = 0; k < x.length; k++) {
                m.put(parameters.get(k), x[k]);
            }
            m.put(metric, d.getAsDouble());
            out.add(callpath, m, value.at());
        }
    }

    /** A JSON number (or, as Extra-P writes some, a string holding one), by lcm's number grammar. */
    private static OptionalDouble number(Value v, String what, Diagnostics diagnostics) {
        String t = v instanceof Num n ? n.text() : v instanceof Str s ? s.text() : null;
        if (t == null) {
            diagnostics.error(v.at(), "bad " + what + ": expected a number");
            return OptionalDouble.empty();
        }
        OptionalDouble d = Numbers.parse(t);
        if (d.isEmpty()) {
            diagnostics.error(v.at(), "bad " + what + " '" + t + "': " + Numbers.problem(t));
        }
        return d;
    }
}
