package lcm.annotate;

import lcm.antlr.Parsed;
import lcm.fit.CandidateTable;
import lcm.annotation.Category;
import lcm.dag.Dag;
import lcm.dag.Execution;
import lcm.dag.Node;
import lcm.dag.Program;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import lcm.fortran.FortranOptions;
import lcm.frontend.ParsedProgram;
import lcm.frontend.ProgramReader;
import lcm.measure.CoRunnerMedians;
import lcm.measure.Measurement;
import lcm.measure.MeasurementSet;
import lcm.source.Diagnostic;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import lcm.width.FragmentWidths;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code lcm annotate} as a library: fits every fragment's measurements and plans the model
 * lines in the sources ({@link #plan}); {@link #write} then writes them all or nothing.
 *
 * <pre>
 * AnnotationPlan plan = new Annotator(sources, CandidateTable.defaults()).plan(List.of(tp), data);
 * System.out.print(plan.diff());
 * Annotator.write(plan);
 * </pre>
 *
 * Tags are matched to fragments by name ({@link TagSites}). A tag that names no fragment
 * of these sources is a warning (a data file often covers more of a program than the files at
 * hand), unless no tag names any, which is an error; a fragment with no data keeps its lines,
 * with a warning. Before anything is written, the new texts are parsed again and must give every
 * matched fragment exactly the models written, and the same tags must find the same fragments.
 */
public final class Annotator {

    private final SourceRegistry sources;
    private final CandidateTable table;
    private final FortranOptions fortran;
    private boolean force;
    /** li's known loop cost in the width w (--loop-cost; {@link lcm.fit.FitRequest#loopCost}), or null. */
    private Expr loopCost;
    private boolean onlyFitted;
    private Map<String, CoRunnerMedians.Figures> contention = Map.of();
    /** The measured program's DAG by the files annotated (empty: their own), read once per annotator. */
    private final Map<List<Path>, Optional<Dag>> measuredDags = new ConcurrentHashMap<>();

    /**
     * Replace existing model lines even where they predict the data better than the new models
     * (by default such lines are kept, with a note).
     */
    public Annotator force(boolean on) {
        this.force = on;
        return this;
    }

    /**
     * Give each fitted fragment only the models fitted: its earlier lines of categories the data
     * do not measure are removed too (by default they are kept). For composing exactly what was
     * fitted, as validation does.
     */
    public Annotator loopCost(Expr cost) {
        this.loopCost = cost;
        return this;
    }

    /**
     * Each fragment's contention parameters, by tag ({@link CoRunnerMedians}: the medians of
     * {@code lcm measure --co-runner}'s headers), written as its {@code contention:} line.
     */
    public Annotator contention(Map<String, CoRunnerMedians.Figures> figures) {
        this.contention = Map.copyOf(figures);
        return this;
    }

    public Annotator onlyFitted(boolean on) {
        this.onlyFitted = on;
        return this;
    }

    public Annotator(SourceRegistry sources, CandidateTable table) {
        this(sources, table, FortranOptions.DEFAULT);
    }

    /** An annotator that reads Fortran sources as {@code fortran} says (a compiler's -D, line length, form). */
    public Annotator(SourceRegistry sources, CandidateTable table, FortranOptions fortran) {
        this.sources = sources;
        this.table = table;
        this.fortran = fortran;
    }

    /**
     * Everything annotate would write, with no file touched.
     *
     * @throws UserError for any problem in any source or fragment: a syntax error, a model that
     *                   cannot be fitted or placed, data that name no fragment
     */
    public AnnotationPlan plan(List<Path> files, MeasurementSet data) {
        return plan(files, data, true);
    }

    /**
     * {@link #plan(List, MeasurementSet)}, where {@code stability} false leaves out the check of
     * each chosen form on resamples of the runs ({@link lcm.fit.Stability}), whose only output is
     * a note: for a caller that reads the plan's files and not its notes (validate's refits).
     */
    public AnnotationPlan plan(List<Path> files, MeasurementSet data, boolean stability) {
        Parsed<ParsedProgram> read = new ProgramReader(sources, fortran).parse(files);
        List<Diagnostic> warnings = new ArrayList<>(read.warnings());
        ParsedProgram program = read.orThrow();
        TagSites sites = TagSites.of(program);
        List<String> notes = new ArrayList<>();
        data = withFragmentNames(data, sites, notes);
        warnings.addAll(BranchChecks.of(program.dag(), data));
        data = withWidths(data, files, program.dag());
        data = perThread(data, measuredDag(files, program.dag()));
        Map<String, List<FragmentSite>> matched = match(files, data, sites, warnings);
        FragmentModeler modeler = new FragmentModeler(table, stability, loopCost);
        Map<Path, SourceLines> texts = new LinkedHashMap<>();
        Map<Path, List<SourceEdit>> edits = new LinkedHashMap<>();
        Map<Path, List<SourceEdit>> closing = new LinkedHashMap<>();
        for (Path f : files) {
            texts.put(f, SourceLines.of(bytes(f)));
            edits.put(f, new ArrayList<>());
            closing.put(f, new ArrayList<>());
        }
        List<AnnotatedFragment> done = new ArrayList<>();
        List<PlanCheck.Placed> placed = new ArrayList<>();
        List<String> marked = new ArrayList<>();
        for (Map.Entry<String, List<FragmentSite>> e : matched.entrySet()) {
            FragmentModel model = modeler.model(data, e.getKey(), notes);
            for (FragmentSite site : e.getValue()) {
                SourceLines text = texts.get(site.file());
                ModelLines.Planned p = ModelLines.plan(site, text, columns(site), model,
                        Optional.ofNullable(contention.get(e.getKey())).map(CoRunnerMedians.Figures::text), force,
                        onlyFitted, notes);
                SourceEdit edit = p.edit();
                Optional<String> name = Optional.empty();
                if (ExplicitFragment.needed(site)) {
                    ExplicitFragment x = ExplicitFragment.of(site, text, ModelLines.anchor(site, text), columns(site));
                    List<String> lines = new ArrayList<>(edit.lines());
                    lines.addAll(x.open());
                    edit = new SourceEdit(edit.insertBefore(), edit.remove(), lines);
                    closing.get(site.file()).add(x.closing());
                    name = Optional.of(x.name());
                    marked.add(x.name());
                }
                List<SourceEdit> mine = edits.get(site.file());
                placed.add(new PlanCheck.Placed(e.getKey(), site, p, mine.size(), name));
                mine.add(edit);
                done.add(fragment(e.getKey(), name.orElse(site.name()), site, model, p));
            }
        }
        List<FragmentSite> modelled = matched.values().stream().flatMap(List::stream).toList();
        for (FragmentSite site : sites.fragments()) {
            // one inside a site that gets models (a routine's) is part of that fragment
            if (site.implicit() && modelled.stream().noneMatch(m -> m.holds(site))) {
                markWithoutModel(site, texts.get(site.file()), columns(site), edits, closing, warnings).ifPresent(marked::add);
            }
        }
        List<FileChange> changes = new ArrayList<>();
        Map<Path, SourceLines.Edited> edited = new LinkedHashMap<>();
        for (Path f : files) {
            // an 'end fragment' line goes before the next fragment's lines where both go before one line
            List<SourceEdit> all = new ArrayList<>(closing.get(f));
            all.addAll(edits.get(f));
            SourceLines.Edited ed = texts.get(f).apply(all);
            edited.put(f, ed);
            changes.add(new FileChange(f, texts.get(f).bytes(), ed.bytes(), UnifiedDiff.of(f.toString(), ed.script())));
        }
        List<PlanCheck.Placed> shifted = placed.stream().map(p -> new PlanCheck.Placed(p.tag(), p.site(), p.planned(),
                p.edit() + closing.get(p.site().file()).size(), p.marked())).toList();
        new PlanCheck(files, shifted, edited, fortran, marked).verify();
        return new AnnotationPlan(changes, done, warnings, notes);
    }

    /** The last column an annotation line of {@code site}'s source may use. */
    private int columns(FragmentSite site) {
        return site.style().columns(fortran.lineLength());
    }

    /**
     * Marks an implicit fragment the data do not measure, with no model lines, so that the
     * fragments stay what they were: once one fragment is marked, the sources' unmarked code is
     * no fragment. Returns its name, or empty for a whole routine, which only a model marks (a
     * warning: it will be no fragment).
     */
    private static Optional<String> markWithoutModel(FragmentSite site, SourceLines text, int columns,
                                                     Map<Path, List<SourceEdit>> edits,
                                                     Map<Path, List<SourceEdit>> closing, List<Diagnostic> warnings) {
        if (site.routine()) {
            warnings.add(Diagnostic.warning(site.at(), "implicit fragment '" + site.name() + "' has no data: a whole "
                    + "routine is marked by its model, so once the others are marked it is no fragment (its time is "
                    + "outside every fragment); measure it too, or mark its statements with 'fragment NAME' lines"));
            return Optional.empty();
        }
        int anchor = ModelLines.anchor(site, text);
        ExplicitFragment x = ExplicitFragment.of(site, text, anchor, columns);
        edits.get(site.file()).add(new SourceEdit(anchor, List.of(), x.open()));
        closing.get(site.file()).add(x.closing());
        return Optional.of(x.name());
    }

    /**
     * The data with every tag that names a fragment by the implicit name annotate marked it from
     * ({@code work:16} for {@code fragment work_16}, {@link ExplicitFragment}) carrying the
     * fragment's name, so that runs measured before and after the marking are fitted together.
     */
    private static MeasurementSet withFragmentNames(MeasurementSet data, TagSites sites, List<String> notes) {
        Map<String, String> names = new LinkedHashMap<>();
        for (String tag : data.tags()) {
            String name = sites.fragmentName(tag);
            if (!name.equals(tag)) {
                names.put(tag, name);
                notes.add("tag '" + tag + "' is fragment '" + name + "' (marked by lcm annotate from the implicit "
                        + "fragment " + tag + ")");
            }
        }
        if (names.isEmpty()) {
            return data;
        }
        List<Measurement> out = new ArrayList<>(data.size());
        for (Measurement m : data.measurements()) {
            String name = names.get(m.tag());
            out.add(name == null ? m : new Measurement(name, m.values(), m.at(), m.run()));
        }
        return new MeasurementSet(data.file(), data.format(), out, data.quantities());
    }

    /**
     * The observations with {@code p} the fragment's width where they carry only the run's
     * processors ({@code procs}, no {@code width}: files of the old probe), by the width rule
     * ({@link FragmentWidths}) applied to the program that was measured, and no ip where that rule
     * puts the fragment on one processor whatever p: the old probe booked serial code's idle
     * partners to it as ip, which composition charges to the parent (IP+). A fragment with no
     * width or several (reached at places of different widths) keeps its p.
     */
    private MeasurementSet withWidths(MeasurementSet data, List<Path> files, Dag annotated) {
        Dag measured = null;
        Map<Map<String, Double>, java.util.OptionalDouble> known = new java.util.HashMap<>();
        Map<String, Boolean> serial = new java.util.HashMap<>();
        List<Measurement> out = new ArrayList<>(data.size());
        // once, not per measurement: each call reads every measurement's keys
        List<String> variables = data.variables();
        for (Measurement m : data.measurements()) {
            Double procs = m.values().get("procs");
            if (procs == null || m.has("width") || m.tag().isEmpty()) {
                out.add(m);
                continue;
            }
            if (measured == null) {
                measured = measuredDag(files, annotated);
            }
            Dag dag = measured;
            Map<String, Double> point = new LinkedHashMap<>();
            for (String v : variables) {
                if (m.has(v)) {
                    point.put(v, m.values().get(v));
                }
            }
            point.put("p", procs);
            Map<String, Double> key = new LinkedHashMap<>(point);
            key.put("\0tag" + m.tag(), 0.0);
            java.util.OptionalDouble w = known.computeIfAbsent(key, k -> width(dag, m.tag(), point));
            if (w.isEmpty()) {
                out.add(m);
                continue;
            }
            Map<String, Double> values = new LinkedHashMap<>(m.values());
            values.put("p", w.getAsDouble());
            values.put("width", w.getAsDouble());
            if (procs > 1 && serial.computeIfAbsent(m.tag(), t -> onOneProcessor(dag, t))) {
                // the old probe's ip of serial code is its idle partners: composition's IP+ of the parent
                values.computeIfPresent("ip", (k, v) -> 0.0);
                values.computeIfPresent("ip_med", (k, v) -> 0.0);
            }
            out.add(new Measurement(m.tag(), values, m.at(), m.run()));
        }
        return new MeasurementSet(data.file(), data.format(), out, data.quantities());
    }

    /**
     * One thread's share of each measurement of replicated code: every thread of a team region
     * runs it (each on its own part, as NPB CG's makea), and the probe's line is the team's
     * execution, its categories summed over the team's width. A replicated fragment's model is one
     * thread's cost in a team of p threads (composition charges it on each of the team's
     * processors, docs/composition.md), so its categories and their medians are divided by the
     * width here; then a model fitted on the team's lines composes to what was measured, not to
     * the width times it.
     */
    private static MeasurementSet perThread(MeasurementSet data, Dag dag) {
        Set<String> replicated = new java.util.HashSet<>();
        for (Node n : dag.fragments()) {
            if (dag.execution(n) == Execution.REPLICATED) {
                replicated.add(n.name());
            }
        }
        if (replicated.isEmpty()) {
            return data;
        }
        List<Measurement> out = new ArrayList<>(data.size());
        for (Measurement m : data.measurements()) {
            Double width = m.values().containsKey("width") ? m.values().get("width") : m.values().get("p");
            if (!replicated.contains(m.tag()) || width == null || !(width > 1)) {
                out.add(m);
                continue;
            }
            Map<String, Double> values = new LinkedHashMap<>(m.values());
            values.replaceAll((key, v) -> {
                String category = key.endsWith("_med") ? key.substring(0, key.length() - 4) : key;
                return Category.byKey(category).isPresent() ? v / width : v;
            });
            out.add(new Measurement(m.tag(), values, m.at(), m.run()));
        }
        return new MeasurementSet(data.file(), data.format(), out, data.quantities());
    }

    /**
     * The DAG of the program the data were measured in: the one the sources name with
     * {@code measured-in:} (the data parallel FFT annotated from the task parallel runs: there the
     * fragments had p/2), else the sources' own, also when they cannot be read as a whole (their
     * measured-in program lacks a fragment).
     */
    private Dag measuredDag(List<Path> files, Dag annotated) {
        return measuredDags.computeIfAbsent(List.copyOf(files), f -> {
            try {
                Program program = new ProgramReader(sources, fortran).read(f).orThrow();
                return Optional.of(program.measuredIn().orElse(program).dag());
            } catch (UserError e) {
                return Optional.empty();
            }
        }).orElse(annotated);
    }

    /** The fragment's one width at the point, or empty (none, several, or a variable the point lacks). */
    private static java.util.OptionalDouble width(Dag dag, String tag, Map<String, Double> point) {
        List<Double> widths;
        try {
            widths = FragmentWidths.at(dag, point).get(tag);
        } catch (UserError e) {
            return java.util.OptionalDouble.empty();
        }
        return widths != null && widths.size() == 1 ? java.util.OptionalDouble.of(widths.get(0))
                : java.util.OptionalDouble.empty();
    }

    /** Whether the fragment's one width is 1 whatever the variables (serial code). */
    private static boolean onOneProcessor(Dag dag, String tag) {
        List<Expr> widths = FragmentWidths.expressions(dag).get(tag);
        if (widths == null || widths.size() != 1) {
            return false;
        }
        try {
            return Evaluator.eval(widths.get(0), Map.of()) == 1;
        } catch (Evaluator.Unbound e) {
            return false;
        }
    }

    /** Writes the plan's new texts, all or nothing (see {@link AtomicFiles}). */
    public static void write(AnnotationPlan plan) {
        write(plan, false);
    }

    /**
     * Writes the plan's new texts, all or nothing (see {@link AtomicFiles}); {@code force} also
     * replaces read-only files. Returns warnings (a hard link broken, an owner not kept).
     */
    public static List<String> write(AnnotationPlan plan, boolean force) {
        return AtomicFiles.write(plan.files(), force);
    }

    private static AnnotatedFragment fragment(String tag, String name, FragmentSite site, FragmentModel model,
                                              ModelLines.Planned p) {
        List<AnnotatedFragment.Fitted> fitted = model.categories().stream()
                .map(c -> new AnnotatedFragment.Fitted(c.category().key(), c.model(ModelLines.DIGITS).text(),
                        c.describe(), c.error(), c.prediction())).toList();
        return new AnnotatedFragment(tag, name, site.at(), p.lines().subList(0, p.modelLines()), p.starts(), p.replaced(),
                model.points(), model.variables(), fitted, model.zero(),
                String.join(" ", p.lines().subList(p.modelLines(), p.lines().size()).stream().map(String::strip).toList()));
    }

    /** The sites of every tag that names some; warnings for the rest and for fragments without data. */
    private static Map<String, List<FragmentSite>> match(List<Path> files, MeasurementSet data, TagSites sites,
                                                        List<Diagnostic> warnings) {
        Map<String, List<FragmentSite>> out = new LinkedHashMap<>();
        Map<String, String> claimedBy = new LinkedHashMap<>();
        List<String> tags = data.tags();
        for (String tag : tags) {
            List<Measurement> ms = data.withTag(tag).measurements();
            if (tag.isEmpty()) {
                warnings.add(Diagnostic.warning(ms.get(0).at(), (ms.size() == 1 ? "1 measurement has" : ms.size()
                        + " measurements have") + " no tag= naming a fragment; not used"));
                continue;
            }
            List<FragmentSite> found = new ArrayList<>();
            for (FragmentSite s : sites.named(tag)) {
                if (found.stream().noneMatch(x -> x.at().equals(s.at()))) {
                    found.add(s);
                }
            }
            if (found.isEmpty()) {
                warnings.add(Diagnostic.warning(ms.get(0).at(), "tag '" + tag + "' names no fragment of "
                        + names(files) + "; its " + (ms.size() == 1 ? "measurement is" : ms.size() + " measurements are")
                        + " not used"));
                continue;
            }
            for (FragmentSite s : found) {
                if (!files.contains(s.file())) {
                    throw UserError.at(s.at(), "fragment '" + s.name() + "' (tag '" + tag + "') is in " + s.file()
                            + ", which is not among the sources to annotate; give it as a SOURCE");
                }
                String key = s.at().toString();
                String other = claimedBy.putIfAbsent(key, tag);
                if (other != null) {
                    throw UserError.at(s.at(), "tags '" + other + "' and '" + tag + "' both name this fragment");
                }
            }
            out.put(tag, found);
        }
        if (out.isEmpty()) {
            List<String> named = sites.fragments().stream().map(FragmentSite::name).toList();
            throw UserError.of(data.file() + ": no tag of the data (" + String.join(", ", tags.stream()
                    .map(t -> t.isEmpty() ? "(none)" : t).toList()) + ") names a fragment of " + names(files)
                    + (named.isEmpty() ? "" : " (fragments: " + String.join(", ", named) + ")"));
        }
        for (FragmentSite f : sites.fragments()) {
            boolean used = out.values().stream().anyMatch(l -> l.stream().anyMatch(s -> s.at().equals(f.at())
                    || f.implicit() && s.holds(f)));
            // (an implicit whole routine gets its own warning where the others are marked)
            if (!used && !(f.implicit() && f.routine())) {
                warnings.add(Diagnostic.warning(f.at(), "fragment '" + f.name() + "' has no data in " + data.file()
                        + (f.implicit() && !f.routine() ? "; it is marked 'fragment " + ExplicitFragment.name(f.name())
                        + "' with no model" : f.models().isEmpty() ? "; it has no model"
                        : "; its model lines are left as they are")));
            }
        }
        return out;
    }

    private static String names(List<Path> files) {
        return String.join(", ", files.stream().map(Path::toString).toList());
    }

    private static byte[] bytes(Path f) {
        try {
            return Files.readAllBytes(f);
        } catch (IOException e) {
            throw UserError.of(f + ": cannot read: " + e.getMessage());
        }
    }
}
