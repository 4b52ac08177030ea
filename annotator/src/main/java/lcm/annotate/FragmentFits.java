package lcm.annotate;

import lcm.annotation.Category;
import lcm.expr.Expr;
import lcm.fit.CandidateTable;
import lcm.fit.Resample;
import lcm.measure.MeasurementSet;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The models {@code lcm annotate} would write for a fragment, as values, for whoever needs them
 * refitted many times (intervals of composed predictions): {@link #models} fits every category of
 * a fragment exactly as annotate does; {@link #resample} draws the runs again (every fragment's
 * observations of a drawn run together, {@link Resample}). One resample of the data, then
 * {@code models} of each fragment on it, gives one draw of the whole program's models.
 *
 * <pre>
 * Random random = new Random(1);
 * FragmentFits fits = new FragmentFits(CandidateTable.defaults());
 * for (int b = 0; b &lt; 200; b++) {
 *     MeasurementSet drawn = FragmentFits.resample(data, random);
 *     Map&lt;Category, Expr&gt; cffts = fits.models(drawn, "cffts");   // and every other fragment on the same draw
 * }
 * </pre>
 *
 * Not thread-safe (one instance per thread).
 */
public final class FragmentFits {

    private final FragmentModeler modeler;

    public FragmentFits(CandidateTable table) {
        this.modeler = new FragmentModeler(table, false, null);
    }

    /** The runs of {@code data} drawn again, point by point, with replacement. */
    public static MeasurementSet resample(MeasurementSet data, Random random) {
        return Resample.runs(data, random);
    }

    /** Every category's model of fragment {@code tag} fitted to {@code data} (full precision). */
    public Map<Category, Expr> models(MeasurementSet data, String tag) {
        List<String> notes = new ArrayList<>();
        FragmentModel m = modeler.model(data, tag, notes);
        Map<Category, Expr> out = new EnumMap<>(Category.class);
        for (CategoryModel c : m.categories()) {
            out.put(c.category(), c.fit().model());
        }
        return out;
    }
}
