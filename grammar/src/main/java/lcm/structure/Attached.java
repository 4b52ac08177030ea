package lcm.structure;

import lcm.annotation.Annotation;
import lcm.annotation.Category;
import lcm.annotation.DataItem;
import lcm.expr.Expr;
import lcm.source.SourceLocation;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The annotations attached to one construct, in source order (docs/annotations.md, the attach rule). */
public record Attached(List<Annotation> annotations) {

    public static final Attached NONE = new Attached(List.of());

    public Attached {
        annotations = List.copyOf(annotations);
    }

    public boolean isEmpty() {
        return annotations.isEmpty();
    }

    /** The categories of every {@code model:} line, merged (later lines win per category). */
    public Map<Category, Expr> model() {
        Map<Category, Expr> out = new EnumMap<>(Category.class);
        for (Annotation a : annotations) {
            if (a instanceof Annotation.Model m) {
                out.putAll(m.categories());
            }
        }
        return out;
    }

    public boolean hasModel() {
        return annotations.stream().anyMatch(a -> a instanceof Annotation.Model);
    }

    public Optional<SourceLocation> modelAt() {
        return annotations.stream().filter(a -> a instanceof Annotation.Model).map(Annotation::at).findFirst();
    }

    /** The last {@code fitted-on:} line, if any: the ranges the fragment's models were fitted on. */
    public Optional<Annotation.FittedOn> fittedOn() {
        return annotations.stream().filter(a -> a instanceof Annotation.FittedOn)
                .map(a -> (Annotation.FittedOn) a).reduce((x, y) -> y);
    }

    /** The last {@code contention:} line, if any: the fragment's slowdown beside a co-runner and its own pressure. */
    public Optional<Annotation.Contention> contention() {
        return annotations.stream().filter(a -> a instanceof Annotation.Contention)
                .map(a -> (Annotation.Contention) a).reduce((x, y) -> y);
    }

    public List<Annotation.Binding> vars() {
        List<Annotation.Binding> out = new ArrayList<>();
        for (Annotation a : annotations) {
            if (a instanceof Annotation.Vars v) {
                out.addAll(v.bindings());
            }
        }
        return out;
    }

    public Optional<SourceLocation> varsAt() {
        return annotations.stream().filter(a -> a instanceof Annotation.Vars).map(Annotation::at).findFirst();
    }

    /** The last {@code pool:} annotation, if any. */
    public Optional<Annotation.Pool> pool() {
        return annotations.stream().filter(a -> a instanceof Annotation.Pool)
                .map(a -> (Annotation.Pool) a).reduce((x, y) -> y);
    }

    /** The {@code independent} mark (the first one written), if any. */
    public Optional<Annotation.Independent> independent() {
        return annotations.stream().filter(a -> a instanceof Annotation.Independent)
                .map(a -> (Annotation.Independent) a).findFirst();
    }

    /** The last {@code recursion:} annotation, if any. */
    public Optional<Annotation.Recursion> recursion() {
        return annotations.stream().filter(a -> a instanceof Annotation.Recursion)
                .map(a -> (Annotation.Recursion) a).reduce((x, y) -> y);
    }

    public Optional<Annotation.Iterations> iterations() {
        return annotations.stream().filter(a -> a instanceof Annotation.Iterations)
                .map(a -> (Annotation.Iterations) a).reduce((x, y) -> y);
    }

    /** The {@code probability:} of a branch (the last one given), if any. */
    public Optional<Annotation.Probability> probability() {
        return annotations.stream().filter(a -> a instanceof Annotation.Probability)
                .map(a -> (Annotation.Probability) a).reduce((x, y) -> y);
    }

    public List<DataItem> items(Annotation.Direction direction) {
        List<DataItem> out = new ArrayList<>();
        for (Annotation a : annotations) {
            if (a instanceof Annotation.DataUse d && d.direction() == direction) {
                out.addAll(d.items());
            }
        }
        return out;
    }

    public Attached plus(List<Annotation> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<Annotation> all = new ArrayList<>(annotations);
        all.addAll(more);
        return new Attached(all);
    }
}
