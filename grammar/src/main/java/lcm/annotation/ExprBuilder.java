package lcm.annotation;

import lcm.expr.Expr;
import lcm.expr.Fn;
import lcm.grammar.AnnotationParser;
import org.antlr.v4.runtime.ParserRuleContext;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/** Turns an expression parse tree into an {@link Expr}, checking functions against the allow-list. */
final class ExprBuilder {

    /** A problem in a well-formed expression (unknown function, wrong arity), at a text offset. */
    static final class Problem extends RuntimeException {
        final int offset;

        Problem(int offset, String message) {
            super(message, null, false, false);
            this.offset = offset;
        }
    }

    private ExprBuilder() {
    }

    static Expr build(AnnotationParser.ExpressionContext ctx) {
        if (ctx instanceof AnnotationParser.ParenExprContext p) {
            return build(p.expression());
        }
        if (ctx instanceof AnnotationParser.NumberExprContext n) {
            return number(n.NUMBER().getText(), n);
        }
        if (ctx instanceof AnnotationParser.VariableExprContext v) {
            return new Expr.Var(v.identifier().getText());
        }
        if (ctx instanceof AnnotationParser.UnaryExprContext u) {
            Expr operand = build(u.expression());
            if (u.op.getText().equals("+")) {
                return operand;
            }
            return new Expr.Neg(operand);
        }
        if (ctx instanceof AnnotationParser.PowerExprContext p) {
            return new Expr.Bin(Expr.Op.POW, build(p.expression(0)), build(p.expression(1)));
        }
        if (ctx instanceof AnnotationParser.MulExprContext m) {
            Expr.Op op = m.op.getText().equals("*") ? Expr.Op.MUL : Expr.Op.DIV;
            return new Expr.Bin(op, build(m.expression(0)), build(m.expression(1)));
        }
        if (ctx instanceof AnnotationParser.AddExprContext a) {
            Expr.Op op = a.op.getText().equals("+") ? Expr.Op.ADD : Expr.Op.SUB;
            return new Expr.Bin(op, build(a.expression(0)), build(a.expression(1)));
        }
        if (ctx instanceof AnnotationParser.CallExprContext c) {
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
        throw new Problem(offset(ctx), "unsupported expression");
    }

    private static Expr number(String text, ParserRuleContext at) {
        try {
            return new Expr.Num(new BigDecimal(text.replace('d', 'e').replace('D', 'e')));
        } catch (NumberFormatException e) {
            throw new Problem(offset(at), "bad number '" + text + "'");
        }
    }

    static int offset(ParserRuleContext ctx) {
        return Math.max(0, ctx.getStart().getStartIndex());
    }
}
