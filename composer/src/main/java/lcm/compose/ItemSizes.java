package lcm.compose;

import lcm.algebra.Alg;
import lcm.annotation.Annotation;
import lcm.annotation.DataItem;
import lcm.dag.Use;
import lcm.expr.Expr;
import lcm.structure.Declaration;
import lcm.structure.ParsedFile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Bytes of a data item (docs/composition.md#4-data-traces-cl-and-rc): a {@code size:} annotation when there is one, else the
 * declaration: element bytes times the extents the item spans. An item with s subscripts of
 * an array of rank r spans its first r - s dimensions ({@code a(k)} of {@code real a(n,n,2,itors)}
 * is 4*n*n*2 bytes). Default REAL/COMPLEX parts are {@code realBytes} (4, or 8 with -r8).
 */
final class ItemSizes {

    private final Map<DataItem, Expr> annotated = new HashMap<>();
    private final int realBytes;

    ItemSizes(List<ParsedFile> files, int realBytes) {
        this.realBytes = realBytes;
        for (ParsedFile f : files) {
            for (Annotation.Size s : f.sizes()) {
                annotated.put(s.item(), s.bytes());
            }
        }
    }

    Optional<Expr> bytes(DataItem item, Use use) {
        Expr given = annotated.get(item);
        if (given != null) {
            return Optional.of(given);
        }
        Declaration d = use.scope().get(item.base());
        if (d == null) {
            return Optional.empty();
        }
        int element;
        if (d.elementBytes().isPresent()) {
            element = d.elementBytes().get();
        } else if (d.elementType().equals("complex")) {
            element = 2 * realBytes;
        } else if (d.elementType().equals("real") || d.elementType().isEmpty()) {
            element = realBytes;
        } else {
            return Optional.empty();
        }
        int subscripts = subscripts(item);
        int spanned = d.rank() - subscripts;
        if (d.rank() > 0 && spanned < 0) {
            return Optional.empty();
        }
        List<Expr> factors = new ArrayList<>();
        factors.add(Expr.num(element));
        for (int i = 0; i < Math.max(0, spanned); i++) {
            Optional<Expr> extent = d.extents().get(i);
            if (extent.isEmpty()) {
                return Optional.empty();
            }
            factors.add(extent.get());
        }
        return Optional.of(Alg.product(factors));
    }

    /** Top-level subscripts of {@code a(k)} (1), {@code a(i,j)} (2), {@code a} (0). */
    static int subscripts(DataItem item) {
        String t = item.text();
        int open = t.indexOf('(');
        if (open < 0) {
            return 0;
        }
        int depth = 0;
        int count = 1;
        for (int i = open + 1; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                if (depth == 0) {
                    break;
                }
                depth--;
            } else if (c == ',' && depth == 0) {
                count++;
            }
        }
        return count;
    }
}
