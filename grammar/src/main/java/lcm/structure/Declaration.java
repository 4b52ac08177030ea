package lcm.structure;

import lcm.expr.Expr;
import lcm.source.SourceLocation;

import java.util.List;
import java.util.Optional;

/**
 * A declared variable: its element type and extents, as far as the declaration gives them.
 * Used to size data items of {@code input:}/{@code output:} annotations (docs/composition.md#4-data-traces-cl-and-rc).
 *
 * @param elementType  "real", "double precision", "integer", ... ("" when only extents are known)
 * @param elementBytes bytes of one element when the declaration says so ({@code real*8}), else empty
 * @param extents      one entry per dimension; empty Optional where an extent is not an expression lcm can read
 */
public record Declaration(String name, String elementType, Optional<Integer> elementBytes,
                          List<Optional<Expr>> extents, SourceLocation at) {

    public Declaration {
        extents = List.copyOf(extents);
    }

    public int rank() {
        return extents.size();
    }

    /** Combines two statements about one name ({@code real a} and {@code dimension a(n)}). */
    public Declaration merge(Declaration other) {
        String type = elementType.isEmpty() ? other.elementType : elementType;
        Optional<Integer> bytes = elementBytes.isPresent() ? elementBytes : other.elementBytes;
        List<Optional<Expr>> ext = extents.isEmpty() ? other.extents : extents;
        return new Declaration(name, type, bytes, ext, at);
    }
}
