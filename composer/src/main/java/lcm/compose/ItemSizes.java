package lcm.compose;

import lcm.algebra.Alg;
import lcm.annotation.Annotation;
import lcm.annotation.DataItem;
import lcm.dag.Storage;
import lcm.dag.Use;
import lcm.expr.Expr;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Bytes of a data item (docs/composition.md#4-data-traces-cl-and-rc): a {@code size:} annotation
 * when there is one, else what the declaration seen where the item is used says
 * ({@link Storage}), default REAL/COMPLEX parts being {@code realBytes} (4, or 8 with -r8).
 */
final class ItemSizes {

    private final Map<DataItem, Expr> annotated = new HashMap<>();
    private final int realBytes;

    ItemSizes(List<Annotation.Size> sizes, int realBytes) {
        this.realBytes = realBytes;
        for (Annotation.Size s : sizes) {
            annotated.put(s.item(), s.bytes());
        }
    }

    Optional<Expr> bytes(DataItem item, Use use) {
        Expr given = annotated.get(item);
        if (given != null) {
            return Optional.of(given);
        }
        Storage s = use.scope().get(item.base());
        return s == null ? Optional.empty() : s.sizeFactors(item, realBytes).map(Alg::product);
    }
}
