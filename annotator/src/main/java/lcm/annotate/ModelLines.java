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
 * in place: one {@code model:} line per category, in category order, replacing the fragment's
 * earlier model lines where the first of them was, or else right before the construct. An
 * earlier line is kept as it is when the data hold no measurements of its category (unless only
 * the fitted models are asked for), or (unless forced) when it predicts the data at least as well
 * as the new model cross-validates.
 * Coefficients get {@value #DIGITS} significant digits. In fixed form, where a line ends at
 * column 72, a line too long gets fewer digits (down to {@value #FEWEST}), then no blanks,
 * then the plain {@code c*lcm*} lead-in; if it still does not fit, that is an error.
 */
final class ModelLines {

    static final int DIGITS = 5;
    static final int FEWEST = 3;

    /**
     * A fragment's new lines (the model lines, then the {@code fitted-on:} line), the model each
     * gives (as written, digits and all), and the edit that writes them.
     *
     * @param modelLines how many of {@code lines} are model lines (the rest is the fitted-on line)
     */
    record Planned(List<String> lines, Map<Category, Expr> models, SourceEdit edit, int replaced, int modelLines) {
    }

    private record Line(String text, Expr model) {
    }

    private ModelLines() {
    }

    /**
     * @param force replace existing lines even where they predict the data better than the new model
     * @param onlyFitted remove existing lines of categories the data do not measure too
     * @param notes receives a note for every existing line kept
     */
    static Planned plan(FragmentSite site, SourceLines source, FragmentModel model, boolean force, boolean onlyFitted,
                        List<String> notes) {
        CommentStyle style = site.style();
        List<Integer> old = new ArrayList<>();
        for (Annotation.Model m : site.models()) {
            int line = m.at().line();
            if (!m.at().file().equals(site.file()) || line > source.size() || !style.isModelLine(source.line(line))) {
                throw UserError.at(m.at(), "cannot replace this model of fragment '" + site.name() + "': lcm annotate "
                        + "replaces model lines that hold one annotation and nothing else ("
                        + example(style) + ")");
            }
            if (!old.contains(line)) {
                old.add(line);
            }
        }
        for (Annotation.FittedOn f : site.fittedOn()) {
            int line = f.at().line();
            if (!f.at().file().equals(site.file()) || line > source.size() || !style.isModelLine(source.line(line))) {
                throw UserError.at(f.at(), "cannot replace this fitted-on line of fragment '" + site.name() + "': lcm annotate "
                        + "replaces lines that hold one annotation and nothing else");
            }
            if (!old.contains(line)) {
                old.add(line);
            }
        }
        old.sort(Integer::compare);
        int anchor = anchor(site, source);
        String leadIn = old.isEmpty() ? style.newLeadIn(CommentStyle.indentOf(source.line(anchor)))
                : style.leadIn(source.line(old.get(0)));
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
        Map<Category, Expr> models = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            Optional<CategoryModel> fitted = model.category(c);
            boolean hasOld = oldLine.containsKey(c);
            if (fitted.isEmpty()) {
                if (hasOld && !onlyFitted && !model.zero().contains(c.key())) {
                    // the data do not measure c: the line stays as it is
                    lines.add(source.line(oldLine.get(c)));
                    models.put(c, oldModel.get(c));
                    notes.add(model.tag() + ": kept the " + c.key() + " line at " + site.file().getFileName() + ":"
                            + oldLine.get(c) + ": the data hold no " + c.key() + " measurements");
                }
                continue;
            }
            CategoryModel cm = fitted.get();
            Line l = line(site, style, leadIn, cm);
            if (hasOld && !force && !l.text().equals(source.line(oldLine.get(c)))) {
                double before = model.errorOf(cm, oldModel.get(c));
                if (Double.isFinite(before) && Ranking.asGood(before, cm.error())) {
                    lines.add(source.line(oldLine.get(c)));
                    models.put(c, oldModel.get(c));
                    notes.add(model.tag() + ": kept the " + c.key() + " line at " + site.file().getFileName() + ":"
                            + oldLine.get(c) + ": it predicts the measurements within " + NumberText.percent(before)
                            + ", the new model's cross-validation error is " + NumberText.percent(cm.error()) + " (--force replaces it)");
                    continue;
                }
            }
            lines.add(l.text());
            models.put(c, l.model());
        }
        if (lines.isEmpty()) {
            lines.add(leadIn + "model: pc = 0");
            models.put(Category.PC, Expr.num(0));
        }
        int modelLines = lines.size();
        List<String> before = new ArrayList<>();
        site.models().stream().map(m -> m.at().line()).distinct().sorted().forEach(l -> before.add(source.line(l)));
        if (lines.equals(before)) {
            // every model line kept as it was: so is the fitted-on line (or its absence), which speaks of them
            site.fittedOn().forEach(f -> lines.add(source.line(f.at().line())));
        } else {
            fittedOn(style, leadIn, model).ifPresentOrElse(lines::add, () -> notes.add(model.tag() + ": the fitted-on line "
                    + "does not fit in " + style.columns() + " columns; not written"));
        }
        int at = old.isEmpty() ? anchor : old.get(0);
        return new Planned(lines, models, new SourceEdit(at, old, lines), old.size(), modelLines);
    }

    /** The line new model lines go before: the construct's, or the directive above a parallel {@code do}. */
    static int anchor(FragmentSite site, SourceLines source) {
        return site.loop() && site.style() != CommentStyle.JAVA ? DirectiveLines.start(source, site.line(), site.style())
                : site.line();
    }

    /** The {@code fitted-on:} line, spaced where it fits, else compact, else with the plain lead-in; empty if none fits. */
    private static Optional<String> fittedOn(CommentStyle style, String leadIn, FragmentModel model) {
        for (String lead : List.of(leadIn, style.newLeadIn(""))) {
            for (boolean spaced : new boolean[] {true, false}) {
                String text = lead + "fitted-on: " + model.fittedOnText(spaced);
                if (text.length() <= style.columns()) {
                    return Optional.of(text);
                }
            }
        }
        return Optional.empty();
    }

    private static Line line(FragmentSite site, CommentStyle style, String leadIn, CategoryModel c) {
        String key = c.category().key();
        for (String lead : List.of(leadIn, style.newLeadIn(""))) {
            for (boolean spaced : new boolean[] {true, false}) {
                for (int digits = DIGITS; digits >= FEWEST; digits--) {
                    Expr e = c.model(digits);
                    String text = lead + "model: " + key + (spaced ? " = " : "=") + ModelPrinter.print(e, spaced);
                    if (text.length() <= style.columns()) {
                        return new Line(text, e);
                    }
                }
            }
        }
        throw UserError.at(site.at(), "the " + key + " model of fragment '" + site.name() + "' does not fit in "
                + style.columns() + " columns, even with " + FEWEST + " significant digits (fixed form ignores text past "
                + "column 72): " + ModelPrinter.print(c.model(FEWEST), false));
    }

    private static String example(CommentStyle style) {
        return switch (style) {
            case FIXED -> "c*lcm* model: li = ...";
            case FREE -> "!lcm$ model: li = ...";
            case JAVA -> "//@lcm model: li = ...";
        };
    }
}
