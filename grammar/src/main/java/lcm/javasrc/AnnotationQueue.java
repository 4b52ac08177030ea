package lcm.javasrc;

import com.github.javaparser.Position;
import lcm.annotation.Annotation;

import java.util.Comparator;
import java.util.ArrayList;
import java.util.List;

/**
 * The annotations of one file that attach by position (everything but the file-level ones), in
 * source order. The builders walk the syntax tree and take, between two positions, the
 * annotations no one has taken yet, so each annotation is handed out exactly once whatever
 * order nested code is visited in.
 */
final class AnnotationQueue {

    private final List<Annotation> annotations;
    private final boolean[] taken;

    AnnotationQueue(List<Annotation> annotations) {
        List<Annotation> sorted = new ArrayList<>(annotations);
        sorted.sort(Comparator.comparing(a -> JavaPositions.of(a.at())));
        this.annotations = List.copyOf(sorted);
        this.taken = new boolean[annotations.size()];
    }

    /** Takes the untaken annotations strictly between {@code from} and {@code to}, in source order. */
    List<Annotation> take(Position from, Position to) {
        List<Annotation> out = new ArrayList<>();
        for (int i = firstAfter(from); i < annotations.size(); i++) {
            Position p = JavaPositions.of(annotations.get(i).at());
            if (!p.isBefore(to)) {
                break;
            }
            if (!taken[i]) {
                taken[i] = true;
                out.add(annotations.get(i));
            }
        }
        return out;
    }

    /** The index of the first annotation after {@code from} (annotations are sorted by position). */
    private int firstAfter(Position from) {
        int lo = 0;
        int hi = annotations.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (JavaPositions.of(annotations.get(mid).at()).isAfter(from)) {
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
