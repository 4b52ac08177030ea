package lcm.expr;

import java.util.List;

/** Rows of text cells as left-aligned columns, two blanks apart, trailing blanks dropped: the tables lcm prints. */
public final class TextColumns {

    private TextColumns() {
    }

    /** Appends {@code rows} (the same number of cells each) to {@code out}, every line starting with {@code indent}. */
    public static void append(StringBuilder out, List<String[]> rows, String indent) {
        int columns = rows.get(0).length;
        int[] width = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder(indent);
            for (int c = 0; c < columns; c++) {
                line.append(row[c]);
                if (c + 1 < columns) {
                    line.append(" ".repeat(width[c] - row[c].length() + 2));
                }
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
