package lcm.compose;

import lcm.annotation.DataItem;
import lcm.expr.Expr;

import java.util.Optional;

/**
 * A data transfer between two fragments whose least upper bound is a parallel node
 * (docs/composition.md#4-data-traces-cl-and-rc), compared between the structure under study and the measured one.
 *
 * @param multiplicity executions of the reader under the LUB (trip counts between them)
 * @param bytes        the item's size, when known
 * @param cl           communication loss charged at the LUB (signed: negative when removed), if a machine is given
 * @param rc           resource contention charged at the LUB (signed), if a machine is given
 */
public record Transfer(DataItem item, String from, String to, String lub, Kind kind, Change change,
                       Expr multiplicity, Optional<Expr> bytes, Optional<Expr> readers,
                       Optional<Expr> cl, Optional<Expr> rc) {

    public enum Kind {
        TRUE("true"), ANTI("anti"), OUTPUT("output");

        private final String json;

        Kind(String json) {
            this.json = json;
        }

        public String json() {
            return json;
        }
    }

    public enum Change {
        ADDED("added"), REMOVED("removed"), SAME("same");

        private final String json;

        Change(String json) {
            this.json = json;
        }

        public String json() {
            return json;
        }
    }
}
