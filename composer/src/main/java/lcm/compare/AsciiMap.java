package lcm.compare;

import lcm.expr.NumberText;
import java.util.List;

/**
 * The best-structure map in characters: one letter per model (A, B, ...), rows from the top of
 * the row axis down, at most {@value #WIDTH} x {@value #HEIGHT} cells sampled from the grid.
 */
public final class AsciiMap {

    static final int WIDTH = 64;
    static final int HEIGHT = 16;

    private AsciiMap() {
    }

    public static char letter(int model) {
        return model < 0 ? '.' : (char) ('A' + model % 26);
    }

    public static String render(Grid grid, List<Alternative> models) {
        Domain d = grid.domain();
        int cols = Math.min(WIDTH, grid.columns());
        int rows = Math.min(HEIGHT, grid.rows());
        String rowVar = d.row().map(Axis::variable).orElse("");
        String[] labels = new String[rows];
        int labelWidth = 0;
        for (int i = 0; i < rows; i++) {
            int r = sample(rows - 1 - i, rows, grid.rows());
            labels[i] = d.row().isPresent() ? rowVar + " = " + NumberText.digits(grid.rowValue(r), 4) : "";
            labelWidth = Math.max(labelWidth, labels[i].length());
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < rows; i++) {
            int r = sample(rows - 1 - i, rows, grid.rows());
            out.append("  ").append(pad(labels[i], labelWidth)).append(" |");
            for (int j = 0; j < cols; j++) {
                int c = sample(j, cols, grid.columns());
                out.append(letter(grid.best()[grid.index(r, c)]));
            }
            out.append("|\n");
        }
        Axis column = d.column();
        String left = column.variable() + " = " + NumberText.digits(column.from(), 4);
        String right = column.variable() + " = " + NumberText.digits(column.to(), 4);
        int gap = Math.max(1, cols + 2 - left.length() - right.length());
        out.append("  ").append(" ".repeat(labelWidth)).append(' ').append(left).append(" ".repeat(gap)).append(right)
                .append('\n');
        StringBuilder key = new StringBuilder("  ");
        for (int m = 0; m < models.size(); m++) {
            key.append(m == 0 ? "" : ", ").append(letter(m)).append(" = ").append(models.get(m).name());
        }
        return out.append(key).append('\n').toString();
    }

    /** The grid index shown in cell {@code i} of {@code cells} over {@code n} grid points. */
    private static int sample(int i, int cells, int n) {
        return cells <= 1 ? 0 : (int) Math.round(i * (n - 1) / (double) (cells - 1));
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }
}
