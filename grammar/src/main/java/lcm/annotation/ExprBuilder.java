package lcm.annotation;

import lcm.expr.Expr;
import lcm.expr.Fn;
import lcm.grammar.AnnotationBaseVisitor;
import lcm.grammar.AnnotationParser;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.RuleNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns an expression parse tree into an {@link Expr}, checking functions against the allow-list:
 * the annotation grammar's generated visitor, one method per labelled alternative of
 * {@code expression}.
 */
final class ExprBuilder extends AnnotationBaseVisitor<Expr> {

    /** A problem in a well-formed expression (unknown function, wrong arity), at a text offset. */
    static final class Problem extends RuntimeException {
        final int offset;

        Problem(int offset, String message) {
            super(message, null, false, false);
            this.offset = offset;
        }
    }

    /** Stateless: one instance serves every expression. */
    private static final ExprBuilder VISITOR = new ExprBuilder();

    private ExprBuilder() {
    }

    static Expr build(AnnotationParser.ExpressionContext ctx) {
        return ctx.accept(VISITOR);
    }

    @Override
    public Expr visitParenExpr(AnnotationParser.ParenExprContext p) {
        return build(p.expression());
    }

    @Override
    public Expr visitNumberExpr(AnnotationParser.NumberExprContext n) {
        return number(n.NUMBER().getText(), n);
    }

    @Override
    public Expr visitVariableExpr(AnnotationParser.VariableExprContext v) {
        return Expr.var(v.identifier().getText());
    }

    @Override
    public Expr visitUnaryExpr(AnnotationParser.UnaryExprContext u) {
        Expr operand = build(u.expression());
        if (u.op.getText().equals("+")) {
            return operand;
        }
        return new Expr.Neg(operand);
    }

    @Override
    public Expr visitPowerExpr(AnnotationParser.PowerExprContext p) {
        return new Expr.Bin(Expr.Op.POW, build(p.expression(0)), build(p.expression(1)));
    }

    @Override
    public Expr visitMulExpr(AnnotationParser.MulExprContext m) {
        return chain(m);
    }

    @Override
    public Expr visitAddExpr(AnnotationParser.AddExprContext a) {
        return chain(a);
    }

    @Override
    public Expr visitCallExpr(AnnotationParser.CallExprContext c) {
        String name = c.identifier().getText();
        Fn fn = Fn.byName(name).orElseThrow(() -> new Problem(offset(c),
                "unknown function '" + name + "' (allowed: " + Fn.names() + ")"));
        List<Expr> args = new ArrayList<>();
        for (AnnotationParser.ExpressionContext a : c.expression()) {
            args.add(build(a));
        }
        if (args.size() < fn.minArgs() || args.size() > fn.maxArgs()) {
            throw new Problem(offset(c), fn.text() + " takes " + fn.arity() + ", got " + args.size());
        }
        return new Expr.Call(fn, args);
    }

    /** Any other tree (a rule this builder does not know) is no expression. */
    @Override
    public Expr visitChildren(RuleNode node) {
        throw new Problem(node instanceof ParserRuleContext c ? offset(c) : 0, "unsupported expression");
    }

    /**
     * A left-associative chain {@code a + b - c + ...} or {@code a * b / c ...}: the parse tree
     * nests to the left once per operator, so it is walked down its left spine in a loop and
     * built back up in a loop; a sum of 100,000 terms needs no deeper stack than one of two.
     */
    private static Expr chain(AnnotationParser.ExpressionContext top) {
        List<AnnotationParser.ExpressionContext> spine = new ArrayList<>();
        AnnotationParser.ExpressionContext at = top;
        while (at instanceof AnnotationParser.AddExprContext || at instanceof AnnotationParser.MulExprContext) {
            spine.add(at);
            at = at instanceof AnnotationParser.AddExprContext a ? a.expression(0)
                    : ((AnnotationParser.MulExprContext) at).expression(0);
        }
        Expr out = build(at);
        for (int i = spine.size() - 1; i >= 0; i--) {
            AnnotationParser.ExpressionContext c = spine.get(i);
            Expr.Op op;
            Expr right;
            if (c instanceof AnnotationParser.AddExprContext a) {
                op = a.op.getText().equals("+") ? Expr.Op.ADD : Expr.Op.SUB;
                right = build(a.expression(1));
            } else {
                AnnotationParser.MulExprContext m = (AnnotationParser.MulExprContext) c;
                op = m.op.getText().equals("*") ? Expr.Op.MUL : Expr.Op.DIV;
                right = build(m.expression(1));
                if (op == Expr.Op.DIV && right instanceof Expr.Num n && n.value().signum() == 0) {
                    throw new Problem(offset(m.expression(1)), "division by zero");
                }
            }
            out = new Expr.Bin(op, out, right);
        }
        return out;
    }

    /** Largest decimal exponent of a number lcm computes with (doubles reach about 1.8e308). */
    private static final int MAX_EXPONENT = 308;

    private static Expr number(String text, ParserRuleContext at) {
        BigDecimal value;
        try {
            value = new BigDecimal(text.replace('d', 'e').replace('D', 'e'));
        } catch (NumberFormatException e) {
            throw new Problem(offset(at), "bad number '" + text + "'");
        }
        int exponent = value.precision() - value.scale() - 1; // 1.5e3 -> 3
        if (value.signum() != 0 && (exponent > MAX_EXPONENT || exponent < -MAX_EXPONENT - 16)) {
            throw new Problem(offset(at), "number '" + shortened(text) + "' out of range (magnitude between 1e-324 and 1e308)");
        }
        return Expr.num(value);
    }

    private static String shortened(String text) {
        return text.length() <= 40 ? text : text.substring(0, 20) + "..." + text.substring(text.length() - 10);
    }

    static int offset(ParserRuleContext ctx) {
        return Math.max(0, ctx.getStart().getStartIndex());
    }
}
