package lcm.campaign;

import lcm.campaign.Campaign.Axis;
import lcm.campaign.Campaign.DesignPoint;
import lcm.campaign.Campaign.Estimate;
import lcm.campaign.Campaign.Structure;
import lcm.expr.NumberText;
import lcm.fit.CandidateTable;
import lcm.probe.MeasuredSources;
import lcm.source.SourceRegistry;
import lcm.source.UserError;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code lcm plan}: the design of a campaign (docs/campaigns.md). The points are every
 * combination of the values given (a full factorial design, which shows how the variables
 * interact); each is run {@code runs} times, in the order {@link RunOrder} gives. When a budget
 * is given and the runs would exceed it, the design gives way in this order: two runs a point
 * instead of more, then only the points on the edges of the space (each variable at either end
 * of its range but one: every value of every variable is still measured, so what the design can
 * separate does not change), then one run a point. A budget that even that exceeds is an error.
 */
public final class Planner {

    private Planner() {
    }

    /**
     * A plan: the campaign, what the sources say about each structure, and the warnings.
     *
     * @param fullCost the seconds of the full design at the runs asked for (NaN without an estimate)
     */
    public record Plan(Campaign campaign, List<Identifiability.Statement> statements, String together,
                       Map<String, ProgramVariables> sources, List<String> warnings, double fullCost, int fullPoints,
                       int runsAsked, String estimateNote) {
    }

    /** A design's points, runs and name, as the budget tries them. */
    private record Shape(List<DesignPoint> points, int runs, String design) {
    }

    /**
     * The most runs a campaign may have: 100,000 (its file holds a line per run, about 60 bytes,
     * and status and collect read every run's mark; a campaign of 10^5 runs of a second each is
     * more than a day of machine time). {@code lcm plan} refuses a design above it before it
     * makes the design.
     */
    public static final long MAX_RUNS = 100_000;

    /** Refuses a design of {@code points} points of {@code structures} structures, {@code runs} runs each, above {@link #MAX_RUNS}. */
    static void bound(long points, int structures, long runs, String asked) {
        long total = saturated(saturated(points, structures), runs);
        if (total > MAX_RUNS) {
            throw UserError.of(asked + NumberText.counted(points, "point") + " x " + NumberText.counted(structures,
                    "structure") + " x " + NumberText.counted(runs, "run") + " = " + (total == Long.MAX_VALUE ? "more than "
                    + Long.MAX_VALUE : Long.toString(total)) + " runs, more than the " + MAX_RUNS + " a campaign may have: "
                    + "give fewer values or fewer runs");
        }
    }

    private static long saturated(long a, long b) {
        return a > 0 && b > Long.MAX_VALUE / a ? Long.MAX_VALUE : a * b;
    }

    public static Plan plan(PlanRequest r, SourceRegistry registry, LcmLauncher lcm, PrintStream err) {
        long designPoints = r.axes().stream().mapToLong(a -> a.values().size()).reduce(1, Planner::saturated);
        bound(designPoints, r.structures().size(), Math.max(1, r.runs()), r.runs() > 0 ? "--runs " + r.runs() + ": " : "");
        List<String> warnings = new ArrayList<>();
        List<Structure> structures = new ArrayList<>();
        Map<String, ProgramVariables> sources = new LinkedHashMap<>();
        for (PlanRequest.Program p : r.structures()) {
            checkPlaceholders(p, r.axes());
            List<Path> files = sourceFiles(p, r.workdir());
            ProgramVariables vars = ProgramVariables.read(files, registry, r.fortran());
            sources.put(p.name(), vars);
            warnings.addAll(variableWarnings(p.name(), vars, r.axes()));
            structures.add(new Structure(p.name(), CommandTemplate.measure(r.axes(), p.sources(), p.measureOptions(),
                    p.command())));
        }
        List<DesignPoint> full = factorial(r.axes());
        int runs = r.runs() > 0 ? r.runs() : PlanRequest.DEFAULT_RUNS;
        Map<String, RunTimeModel> models = new LinkedHashMap<>();
        String basis = basis(r, structures, lcm, err, models, warnings, registry);
        if (r.budget().isPresent() && models.isEmpty()) {
            throw UserError.of("--budget needs an estimate of what the runs cost: give --pilot (a few runs on this "
                    + "machine) or --estimate-from NAME=PP (pp files of earlier runs of each structure)");
        }
        List<DesignPoint> points = full;
        String design = "full factorial";
        double fullCost = models.isEmpty() ? Double.NaN : cost(full, runs, structures, models);
        if (r.budget().isPresent() && fullCost > r.budget().getAsDouble()) {
            double budget = r.budget().getAsDouble();
            List<DesignPoint> edges = edges(r.axes(), full);
            List<Shape> options = new ArrayList<>();
            if (r.runs() == 0 && runs > 2) {
                options.add(new Shape(full, 2, "full factorial"));
            }
            if (edges.size() < full.size()) {
                options.add(new Shape(edges, runs, "edges"));
                if (r.runs() == 0 && runs > 2) {
                    options.add(new Shape(edges, 2, "edges"));
                }
            }
            if (r.runs() == 0) {
                options.add(new Shape(edges, 1, edges.size() < full.size() ? "edges" : "full factorial"));
            }
            boolean fits = false;
            for (Shape o : options) {
                if (cost(o.points(), o.runs(), structures, models) <= budget) {
                    points = o.points();
                    runs = o.runs();
                    design = o.design();
                    fits = true;
                    break;
                }
            }
            if (!fits) {
                List<DesignPoint> least = edges;
                int leastRuns = r.runs() == 0 ? 1 : runs;
                throw UserError.of("--budget " + CampaignProgress.duration(budget) + ": the smallest design (the "
                        + least.size() + " points on the edges, " + leastRuns + " run" + (leastRuns == 1 ? "" : "s")
                        + " each) needs about " + CampaignProgress.duration(cost(least, leastRuns, structures, models))
                        + " (the full design " + CampaignProgress.duration(fullCost) + "): raise the budget or narrow "
                        + "the ranges");
            }
            if (runs == 1) {
                warnings.add("one run a point fits the budget: the runs give no measure of the machine's noise");
            }
        }
        points = renumber(points);
        bound(points.size(), structures.size(), runs, "");
        List<String> names = structures.stream().map(Structure::name).toList();
        List<Campaign.Task> tasks = RunOrder.tasks(r.axes(), points, names, runs, r.seed());
        Optional<Estimate> estimate = Optional.empty();
        if (!models.isEmpty()) {
            double total = cost(points, runs, structures, models);
            double longest = 0;
            for (DesignPoint p : points) {
                for (Structure s : structures) {
                    longest = Math.max(longest, models.get(s.name()).seconds(p.values()));
                }
            }
            estimate = Optional.of(new Estimate(total, longest, basis, models));
        }
        Path folder = r.campaignFile().toAbsolutePath().getParent();
        String workdir = relative(folder, r.workdir());
        String data = r.name() + "-data";
        Campaign c = new Campaign(r.name(), workdir, data, r.axes(), structures, points, runs, r.seed(), design, tasks,
                estimate);
        List<Axis> designed = axesOf(r.axes(), points);
        String warning = Identifiability.processorWarning(designed);
        if (!warning.isEmpty()) {
            warnings.add(warning);
        }
        return new Plan(c, Identifiability.of(designed, CandidateTable.defaults()),
                Identifiability.together(designed, points.size()), sources, warnings, fullCost, full.size(),
                r.runs() > 0 ? r.runs() : PlanRequest.DEFAULT_RUNS, basis);
    }

    private static void checkPlaceholders(PlanRequest.Program p, List<Axis> axes) {
        Set<String> used = CommandTemplate.placeholders(p.command());
        for (String name : used) {
            if (axes.stream().noneMatch(a -> a.name().equals(name))) {
                throw UserError.of("structure " + p.name() + ": {" + name + "} in the command is no variable of the design ("
                        + String.join(", ", axes.stream().map(Axis::name).toList()) + ")");
            }
        }
        for (Axis a : axes) {
            if (!a.isProcessors() && a.values().size() > 1 && !used.contains(a.name())) {
                throw UserError.of("structure " + p.name() + ": the command does not pass " + a.name() + " to the program: "
                        + "write {" + a.name() + "} where the program takes it (e.g. java -D" + a.name() + "={" + a.name()
                        + "} ...)");
            }
        }
    }

    /**
     * The sources of a program as lcm measure finds them (MeasuredSources): those given, or the
     * .java files of its command; relative names from the campaign's working folder.
     */
    static List<Path> sourceFiles(PlanRequest.Program p, Path workdir) {
        List<Path> given = p.sources().stream().map(workdir::resolve).toList();
        List<String> command = p.command().stream()
                .map(w -> w.endsWith(".java") && !w.contains("{") ? workdir.resolve(w).toString() : w).toList();
        try {
            return MeasuredSources.files(given, command);
        } catch (UserError e) {
            throw UserError.of("structure " + p.name() + ": " + e.diagnostics().get(0).message()
                    + (p.sources().isEmpty() ? " (--source " + p.name() + "=FILE|DIR)" : ""));
        }
    }

    private static List<String> variableWarnings(String structure, ProgramVariables vars, List<Axis> axes) {
        List<String> out = new ArrayList<>();
        for (Axis a : axes) {
            if (a.isProcessors()) {
                continue;
            }
            Double defined = vars.defined().get(a.name());
            if (defined != null && !(a.values().size() == 1 && a.values().get(0).equals(defined))) {
                out.add(structure + ": the sources define " + a.name() + " = " + NumberText.plain(defined)
                        + ": the program may not read the values the design gives it");
            } else if (defined == null && !vars.used().contains(a.name())) {
                out.add(structure + ": " + a.name() + " is in no trip count or model of the sources: check that the "
                        + "program reads it (the command passes {" + a.name() + "})");
            }
        }
        for (String v : vars.used()) {
            if (!v.equals(Campaign.PROCESSORS) && axes.stream().noneMatch(a -> a.name().equals(v))) {
                out.add(structure + ": the sources use " + v + ", which the design does not give: every run has the "
                        + "program's own value of " + v + "; give it in --vars (one value will do) so that the pp lines "
                        + "record it");
            }
        }
        return out;
    }

    private static String basis(PlanRequest r, List<Structure> structures, LcmLauncher lcm, PrintStream err,
                                Map<String, RunTimeModel> models, List<String> warnings, SourceRegistry registry) {
        List<String> variables = r.axes().stream().map(Axis::name).toList();
        if (r.pilot()) {
            Map<String, List<RunTimeModel.Sample>> samples = Pilot.run(r.workdir(), r.axes(), structures, lcm,
                    r.processors(), err, registry);
            List<String> unvaried = new ArrayList<>();
            samples.forEach((s, xs) -> models.put(s, RunTimeModel.fit(xs, variables, unvaried)));
            int n = samples.values().stream().mapToInt(List::size).sum();
            unvariedWarning(unvaried, warnings);
            samples.forEach((s, xs) -> shortRegions(s, xs, models.get(s), warnings));
            return "a pilot of " + NumberText.counted(n, "run") + " on this machine (" + NumberText.counted(r.processors(), "processor") + ")";
        }
        if (!r.data().isEmpty()) {
            boolean whole = true;
            List<String> unvaried = new ArrayList<>();
            for (Structure s : structures) {
                Path pp = r.data().get(s.name());
                if (pp == null) {
                    throw UserError.of("--estimate-from: no pp file for structure " + s.name() + " (give --estimate-from " + s.name() + "=PP)");
                }
                CostBasis.Samples samples = CostBasis.read(pp, variables, registry);
                whole &= samples.wholeTimes();
                models.put(s.name(), RunTimeModel.fit(samples.samples(), variables, unvaried));
            }
            for (String name : r.data().keySet()) {
                if (structures.stream().noneMatch(s -> s.name().equals(name))) {
                    throw UserError.of("--estimate-from " + name + "=...: no structure " + name);
                }
            }
            unvariedWarning(unvaried, warnings);
            return "the runs in " + String.join(", ", r.data().values().stream().map(CampaignLayout::shown).sorted().toList())
                    + (whole ? "" : " (their commands' times, without lcm measure's own start of about a second per run)");
        }
        return "";
    }

    /** Region times that are a small part of the runs make the power law's exponents uncertain. */
    private static void shortRegions(String structure, List<RunTimeModel.Sample> xs, RunTimeModel m, List<String> warnings) {
        double region = xs.stream().mapToDouble(RunTimeModel.Sample::regionSeconds).sum();
        double whole = xs.stream().mapToDouble(RunTimeModel.Sample::seconds).sum();
        if (region < 0.1 * whole) {
            warnings.add(structure + ": the pilot's measured regions are " + NumberText.fixed(100 * region / whole, 0)
                    + " % of its runs' time: the estimate is mostly their fixed part, and its growth with the variables ("
                    + m.text() + ") is uncertain");
        }
    }

    private static void unvariedWarning(List<String> unvaried, List<String> warnings) {
        List<String> distinct = unvaried.stream().distinct().toList();
        if (!distinct.isEmpty()) {
            warnings.add("the estimate's runs do not vary " + String.join(", ", distinct) + ": it assumes the run time "
                    + "does not depend on " + (distinct.size() == 1 ? "it" : "them"));
        }
    }

    static double cost(List<DesignPoint> points, int runs, List<Structure> structures, Map<String, RunTimeModel> models) {
        double total = 0;
        for (DesignPoint p : points) {
            for (Structure s : structures) {
                total += runs * models.get(s.name()).seconds(p.values());
            }
        }
        return total;
    }

    /** Every combination of the axes' values, the first axis varying slowest. */
    static List<DesignPoint> factorial(List<Axis> axes) {
        List<Map<String, Double>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (Axis a : axes) {
            List<Map<String, Double>> next = new ArrayList<>();
            for (Map<String, Double> c : combos) {
                for (double v : a.values()) {
                    Map<String, Double> m = new LinkedHashMap<>(c);
                    m.put(a.name(), v);
                    next.add(m);
                }
            }
            combos = next;
        }
        List<DesignPoint> out = new ArrayList<>();
        for (Map<String, Double> c : combos) {
            out.add(new DesignPoint(out.size() + 1, c));
        }
        return out;
    }

    /** The points with at most one variable strictly inside its range: the edges of the space. */
    static List<DesignPoint> edges(List<Axis> axes, List<DesignPoint> points) {
        List<DesignPoint> out = new ArrayList<>();
        for (DesignPoint p : points) {
            int inside = 0;
            for (Axis a : axes) {
                double v = p.values().get(a.name());
                if (v != a.values().get(0) && v != a.values().get(a.values().size() - 1)) {
                    inside++;
                }
            }
            if (inside <= 1) {
                out.add(p);
            }
        }
        return out;
    }

    private static List<DesignPoint> renumber(List<DesignPoint> points) {
        List<DesignPoint> out = new ArrayList<>();
        for (DesignPoint p : points) {
            out.add(new DesignPoint(out.size() + 1, p.values()));
        }
        return out;
    }

    /** The axes with the values the points give them. */
    static List<Axis> axesOf(List<Axis> axes, List<DesignPoint> points) {
        List<Axis> out = new ArrayList<>();
        for (Axis a : axes) {
            out.add(new Axis(a.name(), a.values().stream().filter(v -> points.stream()
                    .anyMatch(p -> p.values().get(a.name()).equals(v))).toList()));
        }
        return out;
    }

    /** {@code to} relative to {@code from}, or "." when the same. */
    static String relative(Path from, Path to) {
        Path rel = from.toAbsolutePath().normalize().relativize(to.toAbsolutePath().normalize());
        return rel.toString().isEmpty() ? "." : rel.toString();
    }
}
