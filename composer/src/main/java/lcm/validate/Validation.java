package lcm.validate;

import lcm.expr.NumberText;
import lcm.annotate.AnnotationPlan;
import lcm.annotation.Category;

import lcm.compose.ComposedModel;
import lcm.compose.Composer;
import lcm.fit.CandidateTable;
import lcm.frontend.ProgramReader;
import lcm.measure.Extraction;
import lcm.measure.Measurement;
import lcm.measure.MeasurementSet;
import lcm.probe.MeasuredRuns;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/**
 * {@code lcm validate} as a library: B's composed model against B's measured runs, point by
 * point (docs/validation.md). With the data the models are fitted on (A's runs), the models are
 * fitted here as {@code lcm annotate} fits them, and every prediction gets a 90 % interval from
 * bootstrap resamples of those runs (each resample refitted and composed again); with A's
 * sources as well, A is composed from the same fits and each point gets the verdict "is B
 * faster than A?". With the data, each point also gets the naive answers A's runs give
 * ({@link NaiveAnswers}), which the prediction must beat.
 */
public final class Validation {

    /** The categories a validation sets against the measured ones. */
    public static final List<Category> CATEGORIES = List.of(Category.PC, Category.LI, Category.IP, Category.SL);

    /** What composition's warning of a fragment model used beyond its data says. */
    private static final String EXTRAPOLATED = ": extrapolated: ";

    private final SourceRegistry sources;
    private final CandidateTable table;
    private boolean fittedNotes = true;

    public Validation(SourceRegistry sources) {
        this(sources, CandidateTable.defaults());
    }

    /** A validation whose fits (with {@code --data}) draw on {@code table} ({@code --forms}). */
    public Validation(SourceRegistry sources, CandidateTable table) {
        this.sources = sources;
        this.table = table;
    }

    /**
     * Whether the fits of the models of B are checked on resamples of the runs (the stability
     * notes of {@link ValidationResult#fitted}, which validate prints with --models); on by
     * default. Off, the models and everything printed without --models are the same.
     */
    public Validation fittedNotes(boolean on) {
        this.fittedNotes = on;
        return this;
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return java.nio.file.Files.isSameFile(a, b);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** A model of B and, when asked for, of A. */
    private record Models(ComposedModel b, Optional<ComposedModel> a) {
    }

    public ValidationResult run(ValidationRequest request) {
        Set<String> warnings = new LinkedHashSet<>();
        // --data is read once, for its observations and its runs; --measured, the same file, is those runs
        Optional<RunSample.Read> sameRead = request.data().filter(d -> sameFile(d, request.measured()))
                .map(d -> RunSample.read(d, sources));
        MeasuredRuns.Kept measuredRuns = sameRead.isPresent() ? sameRead.get().runs()
                : MeasuredRuns.sampled(request.measured(), sources);
        warnings.addAll(measuredRuns.notes());
        List<MeasuredPoint> points = MeasuredPoint.group(select(measuredRuns.runs(), request.where(),
                request.measured()));
        if (points.isEmpty()) {
            throw UserError.of(request.measured() + ": no run is left by --where " + request.where().describe());
        }
        loadWarnings(request.measured(), points, warnings);
        FittedComposition fitter = new FittedComposition(sources, request.options(), request.fortran(), table);
        Models models;
        List<AnnotationPlan> plans = new ArrayList<>();
        int fittedRuns = 0;
        List<Models> resampled = new ArrayList<>();
        int failed = 0;
        Optional<List<MeasuredPoint>> aMeasured = Optional.empty();
        Optional<NaiveAnswers> naive = Optional.empty();
        Optional<ModelError> error = Optional.empty();
        if (request.data().isPresent()) {
            Path data = request.data().get();
            RunSample.Read read = sameRead.orElseGet(() -> RunSample.read(data, sources));
            MeasurementSet set = read.set();
            MeasuredRuns.Kept aKept = read.runs();
            warnings.addAll(aKept.notes());
            List<MeasuredRuns.Run> aRuns = aKept.runs();
            loadWarnings(data, MeasuredPoint.group(aRuns), warnings);
            aMeasured = Optional.of(MeasuredPoint.group(aRuns));
            RunSample sample = RunSample.of(set, aRuns).select(matches(request.fitOn()));
            if (sample.runs().isEmpty()) {
                throw UserError.of(data + ": no run is left to fit by --fit-on " + request.fitOn().describe());
            }
            fittedRuns = sample.runs().size();
            naive = Optional.of(new NaiveAnswers(MeasuredPoint.group(sample.runs())));
            FittedComposition.Fitted b = fitter.compose(request.files(), sample.all(), fittedNotes);
            plans.add(b.plan());
            // data fitted to no fragment (a tag that names none) and fragments left without data
            b.plan().warnings().forEach(w -> warnings.add(w.placed()));
            Optional<FittedComposition.Fitted> a = request.versus().isEmpty() ? Optional.empty()
                    : Optional.of(fitter.compose(request.versus(), sample.all()));
            a.ifPresent(x -> plans.add(x.plan()));
            models = new Models(b.model(), a.map(FittedComposition.Fitted::model));
            error = Optional.of(modelError(request, fitter, sample, models.a().orElse(models.b()), warnings));
            // the resamples are drawn in order, so that the seed alone decides them; fitted in parallel
            SplittableRandom random = new SplittableRandom(request.seed());
            List<MeasurementSet> draws = new ArrayList<>();
            for (int i = 0; i < request.resamples(); i++) {
                draws.add(sample.resample(random));
            }
            // each resample's models, or why it could not be fitted or composed
            List<Draw> fits = draws.parallelStream().map(one -> {
                try {
                    return new Draw(Optional.of(new Models(fitter.model(request.files(), one),
                            request.versus().isEmpty() ? Optional.empty()
                                    : Optional.of(fitter.model(request.versus(), one)))), "");
                } catch (UserError e) {
                    return new Draw(Optional.empty(), e.getMessage().lines().findFirst().orElse(""));
                }
            }).toList();
            fits.forEach(f -> f.models().ifPresent(resampled::add));
            List<String> failures = fits.stream().filter(f -> f.models().isEmpty()).map(Draw::failure).toList();
            failed = failures.size();
            if (failed > 0) {
                warnings.add(failed + " of " + NumberText.counted(request.resamples(), "resample") + " of the runs could "
                        + "not be fitted or composed and are not in the intervals: " + FailureReasons.of(failures));
            }
        } else {
            ProgramReader reader = new ProgramReader(sources, request.fortran());
            Composer composer = new Composer(request.options());
            models = new Models(composer.compose(reader.read(request.files()).orThrow()),
                    request.versus().isEmpty() ? Optional.empty()
                            : Optional.of(composer.compose(reader.read(request.versus()).orThrow())));
        }
        warnings.addAll(models.b().warnings());
        List<ValidationRow> out = new ArrayList<>();
        Optional<NaiveAnswers> answers = naive;
        Map<String, Integer> extrapolated = new LinkedHashMap<>();
        for (MeasuredPoint mp : points) {
            Map<String, Double> at = at(models.b(), mp, request);
            ComposedModel.PointValues v = models.b().evaluate(at);
            for (String w : v.warnings()) {
                int cut = w.indexOf(EXTRAPOLATED) < 0 ? -1 : w.lastIndexOf(", at ");
                if (cut < 0) {
                    warnings.add(w);
                } else {
                    extrapolated.merge(w.substring(0, cut), 1, Integer::sum);
                }
            }
            if (!(v.time() >= 0) || Double.isInfinite(v.time())) {
                warnings.add("the predicted time at " + lcm.expr.NumberText.point(mp.point()) + " is "
                        + (Double.isNaN(v.time()) ? "not a number" : lcm.expr.NumberText.plain(v.time()) + " s")
                        + ": a fragment model is negative or not finite there (a fit that undershoots its data, or one "
                        + "evaluated outside the range it was fitted on; lcm compose --at with --explain shows which); "
                        + "the point's error is printed as it is");
            }
            double[] bs = resampled.stream().mapToDouble(m -> m.b().evaluate(at(m.b(), mp, request)).time()).toArray();
            Interval b = interval(error, v.time(), mp.processors(), mp.runs().size(), bs);
            Map<String, Double> cats = new LinkedHashMap<>();
            v.categories().forEach((c, x) -> cats.put(c.key(), x));
            Optional<ValidationRow.Versus> versus = Optional.empty();
            if (models.a().isPresent()) {
                ComposedModel a = models.a().get();
                double[] as = resampled.stream().mapToDouble(m -> m.a().orElseThrow()
                        .evaluate(at(m.a().orElseThrow(), mp, request)).time()).toArray();
                Interval ai = interval(error, a.evaluate(at(a, mp, request)).time(), mp.processors(), mp.runs().size(), as);
                Optional<MeasuredPoint> am = aMeasured.flatMap(l -> l.stream()
                        .filter(x -> MeasuredPoint.key(x.point()).equals(MeasuredPoint.key(mp.point()))).findFirst());
                versus = Optional.of(new ValidationRow.Versus(ai, am, Verdict.paired(b.value(), ai.value(), bs, as)));
            }
            out.add(new ValidationRow(mp.point(), b, mp, cats, versus,
                    answers.map(n -> n.at(mp.point())).orElse(Map.of())));
        }
        extrapolated.forEach((w, n) -> warnings.add(w + ", at " + (n == 1 ? "1 point" : n + " points") + " validated"));
        out.sort(Validation::byProcessorsThenVariables);
        return new ValidationResult(out, List.copyOf(warnings), plans, fittedRuns, resampled.size(), failed, naive, error);
    }

    /** A prediction's interval: from the models' error where the models were fitted here, else from the resamples alone. */
    private static Interval interval(Optional<ModelError> error, double value, double p, int runs, double[] resampled) {
        return error.map(e -> e.around(value, p, runs, resampled)).orElseGet(() -> Interval.of(value, resampled));
    }

    /**
     * The models' error ({@link ModelError}) measured on the fitted runs: their noise, the measured
     * structure (A with --versus, else FILE itself) composed from its fits against its own runs,
     * and composed from fits without the runs at the largest p against those runs.
     */
    private static ModelError modelError(ValidationRequest request, FittedComposition fitter, RunSample sample,
                                         ComposedModel measured, Set<String> warnings) {
        List<Path> structure = request.versus().isEmpty() ? request.files() : request.versus();
        List<MeasuredPoint> fitted = MeasuredPoint.group(sample.runs());
        double noise = ModelError.noise(fitted);
        double composition = ModelError.composition(ModelError.errors(fitted,
                mp -> measured.evaluate(at(measured, mp, request)).time()));
        double[] ps = ModelError.processors(fitted);
        double top = ps[ps.length - 1];
        double forward = Double.NaN;
        if (ps.length < 2) {
            warnings.add("the intervals have no term for extrapolating in p: the runs fitted have one value of p ("
                    + NumberText.plain(top) + ")");
        } else {
            RunSample smaller = sample.select(point -> point.getOrDefault("p", 1.0) < top);
            try {
                ComposedModel without = fitter.model(structure, smaller.all());
                forward = ModelError.forward(ModelError.errors(fitted.stream().filter(mp -> mp.processors() == top).toList(),
                        mp -> without.evaluate(at(without, mp, request)).time()), Math.log(top / ps[ps.length - 2]) / Math.log(2));
            } catch (UserError e) {
                warnings.add("the intervals have no term for extrapolating in p: the runs below p = " + NumberText.plain(top)
                        + " could not be fitted or composed (" + e.getMessage().lines().findFirst().orElse("") + ")");
            }
        }
        return new ModelError(noise, composition, forward, top);
    }

    /** The runs whose point satisfies the selection. */
    private static List<MeasuredRuns.Run> select(List<MeasuredRuns.Run> runs, Extraction where, Path file) {
        Predicate<Map<String, Double>> keep = matches(where);
        return runs.stream().filter(r -> keep.test(r.point())).toList();
    }

    /**
     * A selection of runs by their point: the run's variables and p, its processors, which the
     * selection may also call {@code procs}.
     */
    static Predicate<Map<String, Double>> matches(Extraction e) {
        return point -> {
            Map<String, Double> values = new LinkedHashMap<>(point);
            values.putIfAbsent("procs", point.getOrDefault("p", 1.0));
            return e.test(new Measurement("", values, SourceLocation.of(Path.of("-"), 1, 1)));
        };
    }

    /** The model's defaults, the request's values and the run's point; a variable the model needs and none gives is an error. */
    private static Map<String, Double> at(ComposedModel model, MeasuredPoint mp, ValidationRequest request) {
        Map<String, Double> point = new LinkedHashMap<>(model.defaults());
        point.putAll(request.vars());
        point.putAll(mp.point());
        for (String v : model.variables()) {
            if (!point.containsKey(v)) {
                throw UserError.of(request.measured() + ":" + mp.runs().get(0).line() + ": the run gives no value for "
                        + v + ", a variable of the model of " + request.files().get(0)
                        + " (give it with lcm measure --vars, or with --vars here)");
            }
        }
        return point;
    }

    /** One warning for a file whose runs were taken under load. */
    private static void loadWarnings(Path file, List<MeasuredPoint> points, Set<String> warnings) {
        List<MeasuredRuns.Run> loaded = new ArrayList<>();
        int runs = 0;
        for (MeasuredPoint p : points) {
            loaded.addAll(p.loaded());
            runs += p.runs().size();
        }
        if (loaded.isEmpty()) {
            return;
        }
        MeasuredRuns.Run worst = loaded.stream().max((x, y) -> Double.compare(x.load(), y.load())).orElseThrow();
        warnings.add(file + ": " + loaded.size() + " of " + NumberText.counted(runs, "run") + (loaded.size() == 1 ? " was" : " were") + " taken under load (load average above "
                + "the machine's processors; the highest " + lcm.expr.NumberText.plain(worst.load()) + " on "
                + NumberText.counted(worst.processors(), "processor") + ", line " + worst.line() + "): their times include other work, and "
                + "predictions are compared with a busy machine");
    }

    private static int byProcessorsThenVariables(ValidationRow x, ValidationRow y) {
        int c = Double.compare(x.point().getOrDefault("p", 0.0), y.point().getOrDefault("p", 0.0));
        if (c != 0) {
            return c;
        }
        for (String v : x.point().keySet()) {
            if (!v.equals("p")) {
                c = Double.compare(x.point().getOrDefault(v, 0.0), y.point().getOrDefault(v, 0.0));
                if (c != 0) {
                    return c;
                }
            }
        }
        return 0;
    }

    /** One resample's models, or (empty) the message of why it could not be fitted or composed. */
    private record Draw(Optional<Models> models, String failure) {
    }
}
