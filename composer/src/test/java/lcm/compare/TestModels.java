package lcm.compare;

import lcm.TestRepo;
import lcm.algebra.Alg;
import lcm.annotation.AnnotationReader;
import lcm.annotation.Category;
import lcm.compose.ComposeOptions;
import lcm.expr.Expr;
import lcm.frontend.ProgramReader;
import lcm.source.SourceRegistry;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Alternatives for tests: from the fixtures, or from a formula for T_P written in the test. */
final class TestModels {

    private TestModels() {
    }

    /** Loads fixtures (paths relative to the repository root). */
    static List<Alternative> fixtures(String... relative) {
        List<String> args = new ArrayList<>();
        for (String r : relative) {
            args.add(TestRepo.file(r).toString());
        }
        return new AlternativeLoader(new SourceRegistry(), ComposeOptions.defaults(),
                files -> new ProgramReader(new SourceRegistry()).read(files).orThrow()).loadAll(args);
    }

    /** A model whose T_P is {@code time} (all of it pure computation: pc = p * T_P). */
    static Alternative of(String name, String time) {
        Expr t = AnnotationReader.expression(time);
        List<String> vars = Alternative.ordered(t.variables());
        Expr pc = vars.contains("p") ? Alg.mul(new Expr.Var("p"), t) : t;
        return new Alternative(name, name, Alternative.Kind.MODEL_FILE, vars, t, Map.of(Category.PC, pc), Map.of(),
                List.of());
    }

    static Comparison compare(List<Alternative> models, String range) {
        return new Comparer(CompareRequest.defaults().withRange(range)).compare(models);
    }
}
