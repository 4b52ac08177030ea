package lcm.javasrc;

import com.github.javaparser.Position;
import lcm.annotation.Annotation;

import java.util.Comparator;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The annotations of one file that attach by position (everything but the file-level ones), in
 * source order. The builders walk the syntax tree and take, between two positions, the
 * annotations no one has taken yet, so each annotation is handed out exactly once whatever
 * order nested code is visited in.
 * <p>
 * A block asks for the annotations between its start and each of its statements in turn, so
 * the same taken annotations would be passed over again and again (a method of 10^4 annotated
 * loops: 5*10^7 steps). Taken annotations are skipped in one step instead: {@code next[i]}
 * leads to the first untaken annotation at or after {@code i} (followed with path halving), so
 * a take costs a binary search plus the annotations it hands out.
 */
final class AnnotationQueue {

    private final List<Annotation> annotations;
    private final Position[] positions;
    /** A link towards the first untaken annotation at or after each index; {@code size} past the end. */
    private final int[] next;

    AnnotationQueue(List<Annotation> annotations) {
        List<Annotation> sorted = new ArrayList<>(annotations);
        sorted.sort(Comparator.comparing(a -> JavaPositions.of(a.at())));
        this.annotations = List.copyOf(sorted);
        this.positions = new Position[sorted.size()];
        this.next = new int[sorted.size() + 1];
        for (int i = 0; i < sorted.size(); i++) {
            positions[i] = JavaPositions.of(sorted.get(i).at());
            next[i] = i;
        }
        next[sorted.size()] = sorted.size();
    }

    /** Takes the untaken annotations strictly between {@code from} and {@code to}, in source order. */
    List<Annotation> take(Position from, Position to) {
        List<Annotation> out = new ArrayList<>();
        for (int i = untaken(firstAfter(from)); i < annotations.size() && positions[i].isBefore(to); i = untaken(i + 1)) {
            next[i] = i + 1;
            out.add(annotations.get(i));
        }
        return out;
    }

    /**
     * Takes the untaken annotations strictly between {@code from} and {@code to} that {@code which}
     * accepts, at most {@code limit} of them, in source order; the others stay for whoever comes next.
     */
    List<Annotation> takeIf(Position from, Position to, Predicate<Annotation> which, int limit) {
        List<Annotation> out = new ArrayList<>();
        for (int i = untaken(firstAfter(from)); i < annotations.size() && positions[i].isBefore(to)
                && out.size() < limit; i = untaken(i + 1)) {
            if (which.test(annotations.get(i))) {
                next[i] = i + 1;
                out.add(annotations.get(i));
            }
        }
        return out;
    }

    /** The first untaken annotation at or after {@code i}. */
    private int untaken(int i) {
        while (next[i] != i) {
            next[i] = next[next[i]];
            i = next[i];
        }
        return i;
    }

    /** The index of the first annotation after {@code from} (annotations are sorted by position). */
    private int firstAfter(Position from) {
        int lo = 0;
        int hi = annotations.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (positions[mid].isAfter(from)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** Takes everything not taken yet. */
    List<Annotation> rest() {
        return take(JavaPositions.startOfFile(), JavaPositions.endOfFile());
    }
}
