package lcm.campaign;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import lcm.campaign.Campaign.Axis;
import lcm.campaign.Campaign.DesignPoint;
import lcm.campaign.Campaign.Estimate;
import lcm.campaign.Campaign.Structure;
import lcm.campaign.Campaign.Task;
import lcm.source.AtomicOutput;
import lcm.source.Diagnostics;
import lcm.source.JsonTree;
import lcm.source.JsonTree.Arr;
import lcm.source.JsonTree.Num;
import lcm.source.JsonTree.Obj;
import lcm.source.JsonTree.Str;
import lcm.source.JsonTree.Value;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The campaign file (JSON, docs/campaigns.md): written by {@code lcm plan}, read by every
 * {@code lcm campaign} command. Written by hand rather than by a generic printer so that a point
 * or a task is one line a person can read and edit. Read with every value located, so that a
 * hand edit that breaks it is reported as {@code file:line:col: message}.
 */
public final class CampaignFile {

    /** The version of the file's layout. */
    public static final int FORMAT = 1;

    private CampaignFile() {
    }

    // ---- writing

    /** Writes {@code campaign} to {@code file} atomically; {@code planned} says where and when it was planned. */
    public static void write(Path file, Campaign campaign, String planned) {
        String text = text(campaign, planned);
        AtomicOutput.file(file, tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
    }

    /** When and where a campaign is planned: {@code 2026-11-27T04:00:00Z on vm (2 processors)}. */
    public static String planned(int processors) {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            host = "?";
        }
        return java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS) + " on " + host + " ("
                + processors + " processors)";
    }

    static String text(Campaign c, String planned) {
        StringBuilder b = new StringBuilder("{\n");
        b.append("  \"lcm_campaign\": ").append(FORMAT).append(",\n");
        b.append("  \"name\": ").append(str(c.name())).append(",\n");
        b.append("  \"planned\": ").append(str(planned)).append(",\n");
        b.append("  \"workdir\": ").append(str(c.workdir())).append(",\n");
        b.append("  \"data\": ").append(str(c.data())).append(",\n");
        b.append("  \"design\": ").append(str(c.design())).append(",\n");
        b.append("  \"runs\": ").append(c.runs()).append(",\n");
        b.append("  \"seed\": ").append(c.seed()).append(",\n");
        b.append("  \"variables\": {\n");
        b.append(c.axes().stream().map(a -> "    " + str(a.name()) + ": ["
                + a.values().stream().map(CampaignFile::num).collect(Collectors.joining(", ")) + "]")
                .collect(Collectors.joining(",\n")));
        b.append("\n  },\n");
        b.append("  \"structures\": [\n");
        b.append(c.structures().stream().map(s -> "    {\"name\": " + str(s.name()) + ", \"command\": ["
                + s.command().stream().map(CampaignFile::str).collect(Collectors.joining(", ")) + "]}")
                .collect(Collectors.joining(",\n")));
        b.append("\n  ],\n");
        b.append("  \"points\": [\n");
        b.append(c.points().stream().map(p -> "    {\"point\": " + p.id() + p.values().entrySet().stream()
                .map(e -> ", " + str(e.getKey()) + ": " + num(e.getValue())).collect(Collectors.joining()) + "}")
                .collect(Collectors.joining(",\n")));
        b.append("\n  ],\n");
        b.append("  \"tasks\": [\n");
        b.append(c.tasks().stream().map(t -> "    {\"task\": " + t.id() + ", \"structure\": " + str(t.structure())
                + ", \"point\": " + t.point() + ", \"run\": " + t.run() + "}").collect(Collectors.joining(",\n")));
        b.append("\n  ]");
        c.estimate().ifPresent(e -> {
            b.append(",\n  \"estimate\": {\"seconds\": ").append(num(e.seconds()))
                    .append(", \"longest_run_seconds\": ").append(num(e.longestRunSeconds()))
                    .append(", \"basis\": ").append(str(e.basis())).append(",\n    \"models\": {");
            b.append(e.models().entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .map(m -> "\n      " + str(m.getKey()) + ": {\"fixed_seconds\": " + num(m.getValue().fixedSeconds())
                            + ", \"scale_seconds\": " + num(m.getValue().scale()) + ", \"exponents\": {"
                            + m.getValue().exponents().entrySet().stream().map(x -> str(x.getKey()) + ": " + num(x.getValue()))
                            .collect(Collectors.joining(", ")) + "}}")
                    .collect(Collectors.joining(",")));
            b.append("}}");
        });
        b.append("\n}\n");
        return b.toString();
    }

    private static String str(String s) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + "\"";
    }

    private static String num(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    // ---- reading

    /** The campaign in {@code file}, or a user error located in it. */
    public static CampaignLayout read(Path file, SourceRegistry sources) {
        if (!Files.isRegularFile(file)) {
            throw UserError.of(file + ": no such campaign file (lcm plan writes one)");
        }
        SourceText text = sources.read(file);
        Diagnostics d = new Diagnostics();
        Optional<Value> root = JsonTree.parse(text, "a campaign (lcm plan writes one)", d);
        UserError.throwIfErrors(d);
        Campaign c = new Reader(d).campaign(root.get(), file);
        UserError.throwIfErrors(d);
        return new CampaignLayout(file, c);
    }

    /** Reads the values, reporting what is wrong at the value. */
    private static final class Reader {
        private final Diagnostics d;

        Reader(Diagnostics d) {
            this.d = d;
        }

        Campaign campaign(Value root, Path file) {
            if (!(root instanceof Obj o)) {
                d.error(root.at(), "expected a campaign object (lcm plan writes one)");
                return null;
            }
            Value format = field(o, "lcm_campaign");
            if (format != null && integer(format, "lcm_campaign") != FORMAT) {
                d.error(format.at(), "campaign format " + text(format) + ": this lcm reads format " + FORMAT);
            }
            String name = string(field(o, "name"), "name");
            if (o.fields().get("name") instanceof Str n && !n.text().matches("[A-Za-z0-9_][A-Za-z0-9_.-]*")) {
                d.error(n.at(), "campaign name '" + n.text() + "': letters, digits, _ . - only (it names files and jobs)");
            }
            String workdir = string(field(o, "workdir"), "workdir");
            String data = string(field(o, "data"), "data");
            String design = o.field("design").map(v -> string(v, "design")).orElse("");
            int runs = integer(field(o, "runs"), "runs");
            long seed = o.field("seed").map(v -> (long) integer(v, "seed")).orElse(1L);
            List<Axis> axes = axes(field(o, "variables"));
            List<Structure> structures = structures(field(o, "structures"), axes);
            List<DesignPoint> points = points(field(o, "points"), axes);
            List<Task> tasks = tasks(field(o, "tasks"), structures, points, runs);
            Optional<Estimate> estimate = o.field("estimate").map(this::estimate);
            if (d.hasErrors()) {
                return null;
            }
            return new Campaign(name, workdir, data, axes, structures, points, runs, seed, design, tasks, estimate);
        }

        private Value field(Obj o, String name) {
            Value v = o.fields().get(name);
            if (v == null) {
                d.error(o.at(), "missing \"" + name + "\"");
            }
            return v;
        }

        private String string(Value v, String what) {
            if (v == null) {
                return "";
            }
            if (v instanceof Str s) {
                return s.text();
            }
            d.error(v.at(), "\"" + what + "\" must be a string");
            return "";
        }

        private double number(Value v, String what) {
            if (v instanceof Num n) {
                return Double.parseDouble(n.text());
            }
            if (v != null) {
                d.error(v.at(), what + " must be a number");
            }
            return Double.NaN;
        }

        private int integer(Value v, String what) {
            double x = number(v, what);
            if (v != null && !Double.isNaN(x) && (x != Math.rint(x) || x < 0 || x > Integer.MAX_VALUE)) {
                d.error(v.at(), what + " must be a whole number, not " + text(v));
                return 0;
            }
            return Double.isNaN(x) ? 0 : (int) x;
        }

        private static String text(Value v) {
            return v instanceof Num n ? n.text() : v instanceof Str s ? "\"" + s.text() + "\"" : "that";
        }

        private List<Axis> axes(Value v) {
            List<Axis> out = new ArrayList<>();
            if (!(v instanceof Obj o)) {
                if (v != null) {
                    d.error(v.at(), "\"variables\" must be an object: {\"n\": [64, 128], \"p\": [1, 2]}");
                }
                return out;
            }
            o.fields().forEach((name, values) -> {
                List<Double> xs = new ArrayList<>();
                if (values instanceof Arr a && !a.items().isEmpty()) {
                    for (Value x : a.items()) {
                        xs.add(number(x, "a value of " + name));
                    }
                } else {
                    d.error(values.at(), "the values of " + name + " must be a non-empty array of numbers");
                }
                out.add(new Axis(name, xs));
            });
            if (out.stream().noneMatch(Axis::isProcessors)) {
                d.error(o.at(), "no values of p (the processors) in \"variables\"");
            }
            return out;
        }

        private List<Structure> structures(Value v, List<Axis> axes) {
            List<Structure> out = new ArrayList<>();
            if (!(v instanceof Arr a) || a.items().isEmpty()) {
                if (v != null) {
                    d.error(v.at(), "\"structures\" must be a non-empty array of {\"name\": ..., \"command\": [...]}");
                }
                return out;
            }
            Set<String> names = new HashSet<>();
            for (Value item : a.items()) {
                if (!(item instanceof Obj o)) {
                    d.error(item.at(), "a structure must be an object {\"name\": ..., \"command\": [...]}");
                    continue;
                }
                String name = string(field(o, "name"), "name");
                if (!name.matches("[A-Za-z0-9_][A-Za-z0-9_.-]*")) {
                    d.error(o.at(), "structure name '" + name + "': letters, digits, _ . - only (it names a pp file)");
                } else if (!names.add(name)) {
                    d.error(o.at(), "structure " + name + " is given twice");
                }
                Value cmd = field(o, "command");
                List<String> words = new ArrayList<>();
                if (cmd instanceof Arr ca) {
                    for (Value w : ca.items()) {
                        words.add(string(w, "a word of the command"));
                    }
                    String problem = CommandTemplate.problem(words, axes);
                    if (!problem.isEmpty()) {
                        d.error(cmd.at(), "structure " + name + ": " + problem);
                    }
                } else if (cmd != null) {
                    d.error(cmd.at(), "\"command\" must be an array of words");
                }
                out.add(new Structure(name, words));
            }
            return out;
        }

        private List<DesignPoint> points(Value v, List<Axis> axes) {
            List<DesignPoint> out = new ArrayList<>();
            if (!(v instanceof Arr a) || a.items().isEmpty()) {
                if (v != null) {
                    d.error(v.at(), "\"points\" must be a non-empty array");
                }
                return out;
            }
            for (Value item : a.items()) {
                if (!(item instanceof Obj o)) {
                    d.error(item.at(), "a point must be an object {\"point\": 1, \"n\": 64, \"p\": 1}");
                    continue;
                }
                int id = integer(field(o, "point"), "point");
                if (id != out.size() + 1) {
                    d.error(o.at(), "point " + id + ": points are numbered 1, 2, ... in order (expected " + (out.size() + 1) + ")");
                }
                Map<String, Double> values = new LinkedHashMap<>();
                for (Axis ax : axes) {
                    Value x = o.fields().get(ax.name());
                    if (x == null) {
                        d.error(o.at(), "point " + id + " has no value of " + ax.name());
                        continue;
                    }
                    values.put(ax.name(), number(x, ax.name()));
                }
                for (String k : o.fields().keySet()) {
                    if (!k.equals("point") && axes.stream().noneMatch(ax -> ax.name().equals(k))) {
                        d.error(o.fields().get(k).at(), "point " + id + ": " + k + " is no variable of the campaign");
                    }
                }
                Double p = values.get(Campaign.PROCESSORS);
                if (p != null && !p.isNaN() && (p < 1 || p != Math.rint(p))) {
                    d.error(o.fields().get(Campaign.PROCESSORS).at(), "point " + id + ": p must be a whole number of processors");
                }
                out.add(new DesignPoint(id, values));
            }
            return out;
        }

        private List<Task> tasks(Value v, List<Structure> structures, List<DesignPoint> points, int runs) {
            List<Task> out = new ArrayList<>();
            if (!(v instanceof Arr a) || a.items().isEmpty()) {
                if (v != null) {
                    d.error(v.at(), "\"tasks\" must be a non-empty array");
                }
                return out;
            }
            Set<String> seen = new HashSet<>();
            for (Value item : a.items()) {
                if (!(item instanceof Obj o)) {
                    d.error(item.at(), "a task must be an object {\"task\": 0, \"structure\": ..., \"point\": 1, \"run\": 1}");
                    continue;
                }
                int id = integer(field(o, "task"), "task");
                String structure = string(field(o, "structure"), "structure");
                int point = integer(field(o, "point"), "point");
                int run = integer(field(o, "run"), "run");
                if (id != out.size()) {
                    d.error(o.at(), "task " + id + ": tasks are numbered 0, 1, ... in order (expected " + out.size() + ")");
                } else if (structures.stream().noneMatch(s -> s.name().equals(structure))) {
                    d.error(o.at(), "task " + id + ": no structure " + structure);
                } else if (point < 1 || point > points.size()) {
                    d.error(o.at(), "task " + id + ": no point " + point + " (points 1 to " + points.size() + ")");
                } else if (run < 1 || run > runs) {
                    d.error(o.at(), "task " + id + ": run " + run + " is not one of 1 to " + runs);
                } else if (!seen.add(structure + " " + point + " " + run)) {
                    d.error(o.at(), "task " + id + ": run " + run + " of " + structure + " at point " + point + " is a task already");
                }
                out.add(new Task(id, structure, point, run));
            }
            return out;
        }

        private Estimate estimate(Value v) {
            if (!(v instanceof Obj o)) {
                d.error(v.at(), "\"estimate\" must be an object");
                return null;
            }
            Map<String, RunTimeModel> models = new LinkedHashMap<>();
            if (o.fields().get("models") instanceof Obj ms) {
                ms.fields().forEach((name, m) -> {
                    if (m instanceof Obj mo && mo.fields().get("exponents") instanceof Obj ex) {
                        Map<String, Double> exponents = new LinkedHashMap<>();
                        ex.fields().forEach((k, x) -> exponents.put(k, number(x, "exponent of " + k)));
                        models.put(name, new RunTimeModel(number(field(mo, "fixed_seconds"), "fixed_seconds"),
                                number(field(mo, "scale_seconds"), "scale_seconds"), exponents));
                    } else {
                        d.error(m.at(), "the model of " + name + " needs fixed_seconds, scale_seconds and exponents");
                    }
                });
            }
            return new Estimate(number(field(o, "seconds"), "seconds"), number(field(o, "longest_run_seconds"),
                    "longest_run_seconds"), string(field(o, "basis"), "basis"), models);
        }
    }
}
