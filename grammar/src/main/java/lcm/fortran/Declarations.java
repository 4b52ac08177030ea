package lcm.fortran;

import lcm.expr.Expr;
import lcm.grammar.FortranParser;
import lcm.source.SourceLocation;
import lcm.structure.Declaration;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads names, element types and extents out of declarations ({@code real a(n,n,2,itors)},
 * {@code double precision x(0:n-1)}, {@code dimension a(n)}, {@code common /c/ a(n)}).
 * Default REAL and COMPLEX leave the element size open so that {@code --real-bytes} can set it.
 */
final class Declarations {

    private Declarations() {
    }

    static List<Declaration> typeDeclaration(FortranParser.TypeDeclStmtContext t, LogicalLine line) {
        FortranParser.TypeSpecContext spec = t.typeSpec();
        String words = spec.getText().toLowerCase(Locale.ROOT);
        String type;
        Optional<Integer> bytes;
        if (words.startsWith("doubleprecision")) {
            type = "double precision";
            bytes = Optional.of(8);
        } else if (words.startsWith("doublecomplex")) {
            type = "double complex";
            bytes = Optional.of(16);
        } else {
            String base = leadingLetters(words);
            type = base;
            bytes = explicitSize(words.substring(base.length()));
            if (bytes.isEmpty()) {
                bytes = switch (base) {
                    case "integer", "logical" -> Optional.of(4);
                    case "character" -> Optional.of(1);
                    default -> Optional.empty(); // real, complex: --real-bytes decides
                };
            }
        }
        List<Optional<Expr>> attributeExtents = List.of();
        for (FortranParser.AttributeContext a : t.attribute()) {
            if (a.name().getText().equalsIgnoreCase("dimension") && a.parenGroup() != null) {
                attributeExtents = extents(StatementClassifier.original(a.parenGroup(), line));
            }
        }
        return entities(t.entity(), type, bytes, attributeExtents, line);
    }

    static List<Declaration> entities(List<FortranParser.EntityContext> entities, String type,
                                      Optional<Integer> bytes, List<Optional<Expr>> defaultExtents,
                                      LogicalLine line) {
        List<Declaration> out = new ArrayList<>();
        for (FortranParser.EntityContext e : entities) {
            String name = e.name().getText().toLowerCase(Locale.ROOT);
            List<Optional<Expr>> ext = e.parenGroup() != null && !e.parenGroup().isEmpty()
                    ? extents(StatementClassifier.original(e.parenGroup(0), line))
                    : defaultExtents;
            SourceLocation at = line.origin().locate(e.getStart().getCharPositionInLine());
            out.add(new Declaration(name, type, bytes, ext, at));
        }
        return out;
    }

    /** "*8" or "(8)" or "(kind=8)" → 8 (complex sizes count both parts). */
    private static Optional<Integer> explicitSize(String rest) {
        String digits = digits(rest);
        if (digits.isEmpty() || digits.length() > 3) {
            return Optional.empty();
        }
        return Optional.of(Integer.parseInt(digits));
    }

    private static String leadingLetters(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) >= 'a' && s.charAt(i) <= 'z') {
            i++;
        }
        return s.substring(0, i);
    }

    private static String digits(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (Character.isDigit(s.charAt(i))) {
                b.append(s.charAt(i));
            }
        }
        return b.toString();
    }

    /** "(n, 0:m-1, *)" → [n, m, empty]. */
    static List<Optional<Expr>> extents(String group) {
        List<Optional<Expr>> out = new ArrayList<>();
        for (String dim : FortranExpressions.splitArguments(group)) {
            out.add(extent(dim));
        }
        return out;
    }

    private static Optional<Expr> extent(String dim) {
        int colon = topLevelColon(dim);
        if (colon < 0) {
            return dim.strip().equals("*") ? Optional.empty() : FortranExpressions.expression(dim);
        }
        Optional<Expr> lo = FortranExpressions.expression(dim.substring(0, colon));
        Optional<Expr> hi = FortranExpressions.expression(dim.substring(colon + 1));
        if (lo.isEmpty() || hi.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(TripCount.span(lo.get(), hi.get()));
    }

    private static int topLevelColon(String s) {
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ':' && depth == 0) {
                return i;
            }
        }
        return -1;
    }
}
