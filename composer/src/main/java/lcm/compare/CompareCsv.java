package lcm.compare;

import java.util.List;

/**
 * {@code lcm compare --format csv}: one line per grid point: the axes' values, T_P of each
 * model (column {@code T_name}) and the name of the best model.
 */
final class CompareCsv {

    private CompareCsv() {
    }

    static String render(Comparison c) {
        Grid g = c.grid();
        Domain d = c.domain();
        List<String> order = d.axes().stream().map(Axis::variable).toList();
        StringBuilder out = new StringBuilder(g.size() * 16 * (c.models().size() + 3));
        out.append(String.join(",", order));
        for (Alternative m : c.models()) {
            out.append(',').append(quote("T_" + m.name()));
        }
        out.append(",best\n");
        for (int r = 0; r < g.rows(); r++) {
            for (int col = 0; col < g.columns(); col++) {
                int i = g.index(r, col);
                boolean first = true;
                for (Axis a : d.axes()) {
                    out.append(first ? "" : ",").append(a == d.column() ? g.columnValue(col) : g.rowValue(r));
                    first = false;
                }
                for (int m = 0; m < c.models().size(); m++) {
                    out.append(',').append(g.times()[m][i]);
                }
                int b = g.best()[i];
                out.append(',').append(b < 0 ? "" : quote(c.models().get(b).name())).append('\n');
            }
        }
        return out.toString();
    }

    static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
