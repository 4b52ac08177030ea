package lcm.bench;

import lcm.expr.Expr;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/** The size of an expression as held in memory: distinct node objects (a shared subtree counts once). */
final class ExprSize {

    private ExprSize() {
    }

    static long nodes(Expr root) {
        Set<Expr> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Expr> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            Expr e = todo.pop();
            if (!seen.add(e)) {
                continue;
            }
            e.children().forEach(todo::push);
        }
        return seen.size();
    }
}
