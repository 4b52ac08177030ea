package lcm.explore;

import lcm.annotation.DataItem;
import lcm.dag.Child;
import lcm.dag.Node;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a part of a program reads and writes, by the {@code input:} and {@code output:} lines of
 * the uses in it, and whether two parts can run at once: no variable one writes is read or
 * written by the other. Items are compared by their variable (a(k) and a(j) are the same
 * array): conservative, as an edit that creates concurrency must be.
 *
 * @param reads     the variables read
 * @param writes    the variables written
 * @param annotated whether every fragment and stretch of code in the part is under a use that says what it reads or writes
 * @param silent    the first fragment or construct without data annotations, when not annotated
 */
record DataUse(Set<String> reads, Set<String> writes, boolean annotated, Optional<String> silent) {

    /** What the children {@code children} read and write, each through its use. */
    static DataUse of(List<Child> children) {
        Set<String> reads = new TreeSet<>();
        Set<String> writes = new TreeSet<>();
        String[] silent = {null};
        Map<Node, Boolean> seen = new IdentityHashMap<>();
        for (Child c : children) {
            visit(c, reads, writes, silent, seen);
        }
        return new DataUse(reads, writes, silent[0] == null, Optional.ofNullable(silent[0]));
    }

    private static void visit(Child c, Set<String> reads, Set<String> writes, String[] silent, Map<Node, Boolean> seen) {
        c.use().inputs().stream().map(DataItem::base).forEach(reads::add);
        c.use().outputs().stream().map(DataItem::base).forEach(writes::add);
        Node n = c.node();
        if (c.use().hasData()) {
            return; // the use says what the whole subtree reads and writes
        }
        if (n.isFragment() || n.children().isEmpty()) {
            if (silent[0] == null && n.sync().isEmpty()) {
                silent[0] = n.name(); // code that says nothing of its data may touch anything
            }
            return;
        }
        if (seen.put(n, Boolean.TRUE) != null) {
            return;
        }
        for (Child d : n.children()) {
            visit(d, reads, writes, silent, seen);
        }
    }

    /** A variable one part writes and the other reads or writes; empty where they are independent. */
    Optional<String> conflict(DataUse other) {
        for (String w : writes) {
            if (other.reads.contains(w) || other.writes.contains(w)) {
                return Optional.of(w);
            }
        }
        for (String w : other.writes) {
            if (reads.contains(w)) {
                return Optional.of(w);
            }
        }
        return Optional.empty();
    }
}
