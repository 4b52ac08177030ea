package lcm.compose;

import lcm.annotation.Category;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.Program;
import lcm.expr.Expr;
import lcm.expr.Processors;
import lcm.source.Diagnostics;
import lcm.source.UserError;
import lcm.symbolic.Simplifier;
import lcm.width.Env;
import lcm.width.PointCheck;
import lcm.width.VariableRules;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Composes the fragment models of a program into a program model (docs/design.md#model-semantics,
 * the thesis' {@code lcm}, section 6.2.2): the data-trace rules first find the transfers the
 * structure under study adds or removes compared to the measured one ({@link DataTraceRules}),
 * then the category rules compose the structure bottom up ({@link StructuralRules}) with each
 * node's variables from the variable rules ({@link VariableRules}) and synchronizing tasks by
 * critical path ({@link SyncRules}). The result is the finished model: T_P and the categories,
 * the transfers, the rules applied, the values the sources give its variables, and every warning
 * of reading and composing the program.
 */
public final class Composer {

    private final ComposeOptions options;
    /** The nodes of earlier programs composed, for the next; null where none are kept. */
    private final ComposedSubtrees earlier;
    private List<Visit> visits = List.of();

    /** One node composed in one environment (for checks such as conservation). */
    public record Visit(Node node, Env env, NodeModel model) {
    }

    /**
     * What a composer that reuses subtrees has done: {@code kept} compositions of nodes held (at
     * most {@code limit}), {@code taken} nodes whose model came from an earlier program,
     * {@code composed} nodes looked up and composed anew.
     */
    public record Reuse(int kept, int limit, long taken, long composed) {
    }

    public Composer(ComposeOptions options) {
        this(options, null);
    }

    private Composer(ComposeOptions options, ComposedSubtrees earlier) {
        this.options = options;
        this.earlier = earlier;
    }

    /**
     * A composer for many programs that share most of their nodes (lcm explore's variants): each
     * node it composes is kept with its environment, up to {@code limit} of them (the least
     * recently used dropped first), and a later program that holds the same node object in the
     * same environment takes that model instead of composing the node again (docs/explore.md,
     * "Search"). The models are those a fresh composer gives, to the bit. Options that keep the
     * rules applied ({@code compose --explain}) compose every node anew.
     */
    public static Composer reusingSubtrees(ComposeOptions options, int limit) {
        return new Composer(options, new ComposedSubtrees(limit));
    }

    /** What this composer has reused so far (all zero where it reuses nothing). */
    public Reuse reuse() {
        return earlier == null ? new Reuse(0, 0, 0, 0) : earlier.counts();
    }

    /** The model of {@code program}; a {@link UserError} with every error composition found. */
    public ComposedModel compose(Program program) {
        Dag dag = program.dag();
        Diagnostics diagnostics = new Diagnostics();
        RuleLog rules = new RuleLog(options.rules());
        List<String> warnings = new ArrayList<>();
        List<PointCheck> checks = new ArrayList<>();
        Charges charges = new Charges();
        List<Transfer> transfers = new DataTraceRules(options.machine(), new ItemSizes(program.sizes(), options.realBytes()),
                charges, diagnostics).transfers(dag, program.measuredIn().map(Program::dag), warnings);
        StructuralRules structure = new StructuralRules(dag, rules, charges, diagnostics, checks::add, earlier);
        NodeModel root = structure.root(dag.root());
        visits = structure.visits();
        List<Node> fragments = dag.fragments();
        if (!fragments.isEmpty() && fragments.stream().noneMatch(Node::hasModel)) {
            diagnostics.error(dag.root().at(), "no fragment of this program has a model (" + fragments.size()
                    + " fragment" + (fragments.size() == 1 ? "" : "s") + "): add 'model:' annotations, "
                    + "or write them with lcm annotate");
        } else if (fragments.isEmpty()) {
            diagnostics.error(dag.root().at(), "this program has no fragments with models, so there is nothing to "
                    + "compose: mark fragments with 'model:' annotations (docs/annotations.md)");
        }
        UserError.throwIfErrors(diagnostics);
        Set<String> unmodelled = structure.unmodelled();
        if (!unmodelled.isEmpty()) {
            warnings.add(unmodelled.size() + " fragment" + (unmodelled.size() == 1 ? " has" : "s have")
                    + " no model and count" + (unmodelled.size() == 1 ? "s" : "") + " as 0: "
                    + String.join(", ", unmodelled));
        }
        List<SyncNode> syncNodes = new ArrayList<>(structure.sync().syncNodes());
        syncNodes.addAll(structure.pools().pools());
        List<Expr> results = new ArrayList<>(root.categories().values());
        results.add(root.time());
        structure.sync().collectExpressions(results);
        structure.pools().collectExpressions(results);
        Set<String> vars = new LinkedHashSet<>(Expr.variables(results));
        vars.add(Processors.NAME); // always a variable of the program, even where no model uses it
        for (SyncNode sn : syncNodes) {
            vars.removeAll(sn.variables());
        }
        List<String> variables = orderVariables(vars);
        Expr time = root.time();
        Map<Category, Expr> categories = new EnumMap<>(root.categories());
        if (options.simplify()) {
            Simplifier s = new Simplifier(variables, options.simplifyLimit());
            List<Expr> all = new ArrayList<>();
            all.add(time);
            for (Category c : Category.values()) {
                all.add(categories.get(c));
            }
            List<Expr> simple = s.simplifyAll(all);
            time = simple.get(0);
            for (Category c : Category.values()) {
                categories.put(c, simple.get(1 + c.ordinal()));
            }
        }
        program.warnings().forEach(w -> warnings.add(w.placed()));
        return new ComposedModel(variables, time, categories, transfers, rules.steps(), warnings,
                defaults(program, variables), syncNodes, checks);
    }

    /** Every node of the last composition, with its variables and model (kept only when the options keep rules). */
    public List<Visit> visits() {
        return List.copyOf(visits);
    }

    /**
     * Values the sources give the model's variables: the program's constants. p never has one:
     * the processor count is always the user's.
     */
    private static Map<String, Double> defaults(Program program, List<String> variables) {
        Map<String, Double> known = program.constantValues();
        Map<String, Double> out = new LinkedHashMap<>();
        for (String v : variables) {
            if (!Processors.is(v) && known.containsKey(v)) {
                out.put(v, known.get(v));
            }
        }
        return out;
    }

    /** n and p first (the thesis' T_P(n, p)), then the rest alphabetically. */
    static List<String> orderVariables(Set<String> vars) {
        List<String> out = new ArrayList<>();
        for (String first : new String[] {"n", Processors.NAME}) {
            if (vars.contains(first)) {
                out.add(first);
            }
        }
        for (String v : new TreeSet<>(vars)) {
            if (!out.contains(v)) {
                out.add(v);
            }
        }
        return out;
    }
}
