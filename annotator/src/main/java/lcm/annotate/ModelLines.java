package lcm.annotate;

import lcm.expr.NumberText;
import lcm.annotation.Annotation;
import lcm.annotation.Category;
import lcm.expr.Expr;
import lcm.source.UserError;
import lcm.fit.Ranking;

import java.util.Optional;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The model lines of one fragment in its source's comment style, and the edit that puts them
 * in place: one {@code model:} annotation per category, in category order, replacing the fragment's
 * earlier model lines where the first of them was, or else right before the construct. An
 * earlier line is kept as it is when the data hold no measurements of its category (unless only
 * the fitted models are asked for), or (unless forced) when it predicts the data at least as well
 * as the new model cross-validates.
 * Coefficients get {@value #DIGITS} significant digits, whatever the line length: a model is
 * never changed to fit a line. An annotation longer than the source's lines may be (column 72 in
 * fixed form, or the {@code --line-length}) continues on further annotation lines
 * ({@link ContinuedLines}), as the reader joins them (docs/annotations.md).
 */
final class ModelLines {

    static final int DIGITS = 5;

    /**
     * A fragment's new lines (the model lines, then the {@code fitted-on:} lines), the model each
     * gives (as written, digits and all), and the edit that writes them.
     *
     * @param modelLines how many of {@code lines} are model lines (the rest is the fitted-on annotation)
     * @param starts     the indexes in {@code lines} where a model annotation starts (the others continue one)
     */
    record Planned(List<String> lines, Map<Category, Expr> models, SourceEdit edit, int replaced, int modelLines,
                   List<Integer> starts) {
    }

    private ModelLines() {
    }

    /**
     * @param columns the last column an annotation line may use (text past it is not read)
     * @param force replace existing lines even where they predict the data better than the new model
     * @param onlyFitted remove existing lines of categories the data do not measure too
     * @param notes receives a note for every existing line kept
     */
    static Planned plan(FragmentSite site, SourceLines source, int columns, FragmentModel model, boolean force,
                        boolean onlyFitted, List<String> notes) {
        return plan(site, source, columns, model, Optional.empty(), force, onlyFitted, notes);
    }

    /**
     * {@link #plan}, with the fragment's {@code contention:} text from {@code lcm measure --co-runner}'s
     * runs ({@code slowdown = S, at = PC, pressure = Q}), written after the {@code fitted-on:} line
     * in place of the old one; empty: an old {@code contention:} line stays as it is.
     */
    static Planned plan(FragmentSite site, SourceLines source, int columns, FragmentModel model, Optional<String> contention,
                        boolean force, boolean onlyFitted, List<String> notes) {
        CommentStyle style = site.style();
        List<Integer> old = new ArrayList<>();
        Map<Integer, List<String>> oldText = new java.util.HashMap<>();
        for (Annotation.Model m : site.models()) {
            int line = m.at().line();
            if (!m.at().file().equals(site.file()) || line > source.size() || !style.isModelLine(source.line(line))) {
                throw UserError.at(m.at(), "cannot replace this model of fragment '" + site.name() + "': lcm annotate "
                        + "replaces model lines that hold one annotation and nothing else ("
                        + example(style) + ")");
            }
            oldText.put(line, ContinuedLines.of(source, line, columns, style, old));
        }
        for (Annotation f : site.fittedOn()) {
            int line = f.at().line();
            if (!f.at().file().equals(site.file()) || line > source.size() || !style.isModelLine(source.line(line))) {
                throw UserError.at(f.at(), "cannot replace this " + (f instanceof Annotation.Contention ? "contention" : "fitted-on") + " line of fragment '" + site.name() + "': lcm annotate "
                        + "replaces lines that hold one annotation and nothing else");
            }
            oldText.put(line, ContinuedLines.of(source, line, columns, style, old));
        }
        old.sort(Integer::compare);
        int anchor = anchor(site, source);
        String leadIn = old.isEmpty() ? style.newLeadIn(CommentStyle.indentOf(source.line(anchor)))
                : style.leadIn(source.line(old.get(0)));
        if (leadIn.length() > columns / 2) {
            leadIn = style.newLeadIn(""); // an indentation that leaves little room
        }
        Map<Category, Integer> oldLine = new EnumMap<>(Category.class);
        Map<Category, Expr> oldModel = new EnumMap<>(Category.class);
        for (Annotation.Model m : site.models()) {
            if (m.categories().size() == 1) {
                m.categories().forEach((c, e) -> {
                    oldLine.put(c, m.at().line());
                    oldModel.put(c, e);
                });
            }
        }
        List<String> lines = new ArrayList<>();
        List<Integer> starts = new ArrayList<>();
        Map<Category, Expr> models = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            Optional<CategoryModel> fitted = model.category(c);
            boolean hasOld = oldLine.containsKey(c);
            if (fitted.isEmpty()) {
                if (hasOld && !onlyFitted && !model.zero().contains(c.key())) {
                    // the data do not measure c: the line stays as it is
                    starts.add(lines.size());
                    lines.addAll(oldText.get(oldLine.get(c)));
                    models.put(c, oldModel.get(c));
                    notes.add(model.tag() + ": kept the " + c.key() + " line at " + site.file().getFileName() + ":"
                            + oldLine.get(c) + ": the data hold no " + c.key() + " measurements");
                }
                continue;
            }
            CategoryModel cm = fitted.get();
            Expr e = cm.model(DIGITS);
            List<String> text = ContinuedLines.split(leadIn, "model: " + c.key() + " = " + ModelPrinter.print(e, true),
                    columns);
            if (hasOld && !force && !text.equals(oldText.get(oldLine.get(c)))) {
                double before = model.errorOf(cm, oldModel.get(c));
                if (Double.isFinite(before) && Ranking.asGood(before, cm.error())) {
                    starts.add(lines.size());
                    lines.addAll(oldText.get(oldLine.get(c)));
                    models.put(c, oldModel.get(c));
                    notes.add(model.tag() + ": kept the " + c.key() + " line at " + site.file().getFileName() + ":"
                            + oldLine.get(c) + ": it predicts the measurements within " + NumberText.percent(before)
                            + ", the new model's cross-validation error is " + NumberText.percent(cm.error()) + " (--force replaces it)");
                    continue;
                }
            }
            starts.add(lines.size());
            lines.addAll(text);
            models.put(c, e);
        }
        if (lines.isEmpty()) {
            starts.add(0);
            lines.add(leadIn + "model: pc = 0");
            models.put(Category.PC, Expr.num(0));
        }
        int modelLines = lines.size();
        List<String> before = new ArrayList<>();
        site.models().stream().map(m -> m.at().line()).distinct().sorted().forEach(l -> before.addAll(oldText.get(l)));
        if (lines.equals(before)) {
            // every model line kept as it was: so is the fitted-on line (or its absence), which speaks of them
            site.fittedOn().stream().filter(f -> f instanceof Annotation.FittedOn)
                    .forEach(f -> lines.addAll(oldText.get(f.at().line())));
        } else {
            lines.addAll(ContinuedLines.split(leadIn, "fitted-on: " + model.fittedOnText(), columns));
        }
        if (contention.isPresent()) {
            lines.addAll(ContinuedLines.split(leadIn, "contention: " + contention.get(), columns));
        } else {
            site.fittedOn().stream().filter(f -> f instanceof Annotation.Contention)
                    .forEach(f -> lines.addAll(oldText.get(f.at().line())));
        }
        int at = old.isEmpty() ? anchor : old.get(0);
        return new Planned(lines, models, new SourceEdit(at, old, lines), old.size(), modelLines, starts);
    }

    /** The line new model lines go before: the construct's, or the directive above a parallel {@code do}. */
    static int anchor(FragmentSite site, SourceLines source) {
        return site.loop() && site.style() != CommentStyle.JAVA ? DirectiveLines.start(source, site.line(), site.style())
                : site.line();
    }

    private static String example(CommentStyle style) {
        return switch (style) {
            case FIXED -> "c*lcm* model: li = ...";
            case FREE -> "!lcm$ model: li = ...";
            case JAVA -> "//@lcm model: li = ...";
        };
    }
}
