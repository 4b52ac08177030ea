package lcm.compose;

import lcm.algebra.Alg;
import lcm.annotation.DataItem;
import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.expr.Expr;
import lcm.machine.MachineDescription;
import lcm.source.Diagnostics;
import lcm.source.UserError;
import lcm.width.Env;
import lcm.width.VariableRules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The data-trace rules (docs/composition.md#4-data-traces-cl-and-rc, the thesis' section
 * 6.2.2): the transfers of the structure under study are set against those of the structure
 * the models were measured in; each one it adds (or removes) costs CL and RC at its least
 * upper bound, priced with the machine's latency, bandwidth and contention.
 */
final class DataTraceRules {

    private final Optional<MachineDescription> machine;
    private final ItemSizes sizes;
    private final Charges charges;
    private final Diagnostics diagnostics;

    DataTraceRules(Optional<MachineDescription> machine, ItemSizes sizes, Charges charges, Diagnostics diagnostics) {
        this.machine = machine;
        this.sizes = sizes;
        this.charges = charges;
        this.diagnostics = diagnostics;
    }

    /** The transfers of {@code dag} against {@code measured} (itself when empty); their CL and RC go to the charges. */
    List<Transfer> transfers(Dag dag, Optional<Dag> measured, List<String> warnings) {
        DataTrace now = DataTrace.of(dag);
        List<DataTrace.Found> found = now.transfers();
        List<DataTrace.Found> before = measured.map(m -> DataTrace.of(m).transfers()).orElse(found);
        Set<String> beforeKeys = new HashSet<>();
        for (DataTrace.Found f : before) {
            beforeKeys.add(key(f));
        }
        Set<String> nowKeys = new HashSet<>();
        for (DataTrace.Found f : found) {
            nowKeys.add(key(f));
        }
        List<Transfer> out = new ArrayList<>();
        for (DataTrace.Found f : found) {
            Transfer.Change change = beforeKeys.contains(key(f)) ? Transfer.Change.SAME : Transfer.Change.ADDED;
            out.add(price(dag, f.item(), f.kind(), f.from(), f.to(), f.lubDepth(), change));
        }
        for (DataTrace.Found f : before) {
            if (nowKeys.contains(key(f))) {
                continue;
            }
            Optional<DataTrace.Position> from = now.find(f.from().name(), f.from().occurrence());
            Optional<DataTrace.Position> to = now.find(f.to().name(), f.to().occurrence());
            if (from.isEmpty() || to.isEmpty()) {
                String missing = from.isEmpty() ? f.from().name() : f.to().name();
                diagnostics.error(dag.root().at(), "the measured structure's fragment '" + missing
                        + "' is not in this program (its transfer of " + f.item() + " cannot be removed)");
                continue;
            }
            int lub = DataTrace.lubDepth(from.get(), to.get());
            out.add(price(dag, f.item(), f.kind(), from.get(), to.get(), lub, Transfer.Change.REMOVED));
        }
        if (!out.isEmpty() && machine.isEmpty() && out.stream().anyMatch(t -> t.change() != Transfer.Change.SAME)) {
            warnings.add("no machine file: data transfers are listed but add nothing (use --machine)");
        }
        return out;
    }

    private static String key(DataTrace.Found f) {
        return f.item().text() + "|" + f.from().name() + "|" + f.to().name();
    }

    /** The transfer's size, multiplicity, readers and (with a machine) its signed CL and RC at the LUB. */
    private Transfer price(Dag dag, DataItem item, Transfer.Kind kind, DataTrace.Position from,
                           DataTrace.Position to, int lubDepth, Transfer.Change change) {
        Node lub = to.nodes().get(lubDepth);
        List<Expr> trips = new ArrayList<>();
        for (int d = lubDepth + 1; d < to.nodes().size() - 1; d++) {
            Node between = to.nodes().get(d);
            if ((between.kind() == NodeKind.LOOP || between.kind() == NodeKind.PARALLEL_LOOP)
                    && between.trips().isPresent()) {
                try {
                    trips.add(envAt(dag, to, d).apply(between.trips().get()));
                } catch (UserError e) {
                    throw StructuralRules.located(e, between);
                }
            }
        }
        Expr multiplicity = Alg.product(trips);
        Optional<Expr> bytes = sizes.bytes(item, to.use()).map(b -> envAt(dag, to, to.depth()).apply(b));
        Expr readers = envAt(dag, to, to.depth()).processors();
        Optional<Expr> cl = Optional.empty();
        Optional<Expr> rc = Optional.empty();
        if (machine.isPresent() && change != Transfer.Change.SAME) {
            if (bytes.isEmpty()) {
                diagnostics.error(to.use().at(), "size of " + item + " unknown: declare it or add 'size: " + item
                        + " = EXPR' (bytes)");
            } else {
                MachineDescription m = machine.get();
                Expr sign = change == Transfer.Change.REMOVED ? Expr.num(-1) : Alg.ONE;
                cl = Optional.of(Alg.product(List.of(sign, multiplicity, m.communicationLoss(bytes.get()))));
                rc = Optional.of(Alg.product(List.of(sign, multiplicity, m.resourceContention(readers, bytes.get()))));
            }
        }
        Transfer t = new Transfer(item, from.name(), to.name(), lub.name(), kind, change, multiplicity, bytes,
                Optional.of(readers), cl, rc);
        if (cl.isPresent()) {
            charges.add(Arrays.copyOf(to.path(), lubDepth), new Charges.Charge(cl.get(), rc.get(), t));
        }
        return t;
    }

    /** The variables at depth {@code depth} of a position's path (the variable rules applied along it). */
    private static Env envAt(Dag dag, DataTrace.Position pos, int depth) {
        Env env = Env.ROOT;
        Node n = dag.root();
        for (int d = 0; d < depth; d++) {
            Child c = n.children().get(pos.path()[d]);
            env = VariableRules.childEnv(n, env, c, s -> { }, k -> { }, dag::onOneProcessor);
            n = c.node();
        }
        return env;
    }
}
