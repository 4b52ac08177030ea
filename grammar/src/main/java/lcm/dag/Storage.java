package lcm.dag;

import lcm.annotation.DataItem;
import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the declaration of a variable says about its size, as composition needs it to size the
 * data items of {@code input:} and {@code output:} (docs/composition.md#4-data-traces-cl-and-rc):
 * the bytes of one element and the extents of its dimensions.
 *
 * @param elementBytes    bytes of one element when the declaration says so ({@code real*8}, a Java {@code double})
 * @param defaultRealParts otherwise, how many default REALs one element is (1 for REAL, 2 for COMPLEX), whose
 *                        bytes a compiler option chooses; 0 when the type gives no size lcm knows
 * @param extents         one entry per dimension; empty where an extent is not an expression lcm can read
 */
public record Storage(Optional<Integer> elementBytes, int defaultRealParts, List<Optional<Expr>> extents) {

    public Storage {
        extents = List.copyOf(extents);
    }

    public int rank() {
        return extents.size();
    }

    /** Bytes of one element, a default REAL being {@code realBytes}; empty where the type gives none. */
    public Optional<Integer> elementBytes(int realBytes) {
        if (elementBytes.isPresent()) {
            return elementBytes;
        }
        return defaultRealParts == 0 ? Optional.empty() : Optional.of(defaultRealParts * realBytes);
    }

    /**
     * The factors whose product is the bytes of {@code item}, an element or a section of this
     * variable: the element's bytes and the extents it spans. An item with s subscripts of an
     * array of rank r spans its first r - s dimensions ({@code a(k)} of {@code real a(n,n,2,itors)}
     * is 4*n*n*2 bytes). Empty where the declaration does not tell.
     */
    public Optional<List<Expr>> sizeFactors(DataItem item, int realBytes) {
        Optional<Integer> element = elementBytes(realBytes);
        if (element.isEmpty()) {
            return Optional.empty();
        }
        int spanned = rank() - item.subscripts();
        if (rank() > 0 && spanned < 0) {
            return Optional.empty();
        }
        List<Expr> factors = new ArrayList<>();
        factors.add(Expr.num(element.get()));
        for (int i = 0; i < Math.max(0, spanned); i++) {
            Optional<Expr> extent = extents.get(i);
            if (extent.isEmpty()) {
                return Optional.empty();
            }
            factors.add(extent.get());
        }
        return Optional.of(List.copyOf(factors));
    }
}
