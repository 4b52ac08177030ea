package lcm.fortran;

import lcm.expr.NumberText;
import lcm.grammar.FortranLexer;
import lcm.grammar.FortranBaseVisitor;
import lcm.grammar.FortranParser;
import lcm.structure.Declaration;
import lcm.antlr.AntlrParsing;
import lcm.antlr.NestingLimit;
import lcm.antlr.SyntaxErrors;
import lcm.source.Diagnostics;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.ListTokenSource;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.RuleNode;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Classifies the statements of one file with the Fortran grammar. The statement lines of a batch
 * are lexed and parsed in one pass (one logical statement per grammar line), which is much faster
 * than a parser per statement; the grammar reads every statement whose parentheses balance.
 */
final class StatementClassifier {

    /** Statements that declare or configure and never execute: they make no leaf. */
    static final Set<String> NON_EXECUTABLE = Set.of("implicit", "parameter", "data", "format",
            "equivalence", "save", "external", "intrinsic", "use", "namelist", "private", "public", "sequence",
            "optional", "intent", "allocatable", "pointer", "target", "volatile", "protected", "import", "entry",
            "include", "byte", "value", "bind", "asynchronous", "contiguous", "enum", "enumerator", "procedure",
            "generic", "final", "class", "module", "submodule", "common", "dimension", "real", "integer",
            "character", "logical", "complex", "double", "doubleprecision", "type");

    /**
     * Statements per parse: one parse for many statements is much faster than one each, and
     * batches keep the parse trees of a large file from being alive all at once.
     */
    private static final int BATCH = 1000;

    private StatementClassifier() {
    }

    /**
     * The statements of {@code statements}, in order. A statement whose parentheses do not balance
     * (or nest deeper than lcm reads) is an opaque statement, with a located warning unless
     * {@code cut} says the fixed-form line length broke it (then {@link TruncatedStatements}
     * says so); the grammar reads every other statement, as one it knows or as an opaque one.
     */
    static List<Stmt> classify(List<LogicalLine> statements, Predicate<LogicalLine> cut, Diagnostics diagnostics) {
        List<Stmt> out = new ArrayList<>(statements.size());
        for (int from = 0; from < statements.size(); from += BATCH) {
            classify(statements.subList(from, Math.min(statements.size(), from + BATCH)), cut, diagnostics, out);
        }
        return out;
    }

    /** One batch: lexed once; the statements the grammar can read parsed in one pass. */
    private static void classify(List<LogicalLine> statements, Predicate<LogicalLine> cut, Diagnostics diagnostics,
                                 List<Stmt> out) {
        StringBuilder text = new StringBuilder();
        for (LogicalLine l : statements) {
            text.append(l.text().replace('\n', ' ')).append('\n');
        }
        List<? extends Token> tokens = AntlrParsing.quiet(new FortranLexer(CharStreams.fromString(text.toString())))
                .getAllTokens();
        List<Token> readable = new ArrayList<>(tokens.size() + 1);
        boolean[] parsed = new boolean[statements.size()];
        int next = 0;
        for (int i = 0; i < statements.size(); i++) {
            int start = next;
            while (tokens.get(next).getType() != FortranLexer.EOS) {
                next++;
            }
            next++; // past the end of the statement
            // a blank statement has nothing to read
            if (start + 1 < next && readable(tokens.subList(start, next - 1), statements.get(i), cut, diagnostics)) {
                readable.addAll(tokens.subList(start, next));
                parsed[i] = true;
            }
        }
        SyntaxErrors errors = new SyntaxErrors();
        FortranParser.FortranFileContext file = AntlrParsing.parse(new ListTokenSource(readable), FortranParser::new,
                FortranParser::fortranFile, errors);
        if (file == null) {
            // the grammar reads any statement whose parentheses balance: a failure here is lcm's
            throw new IllegalStateException("the Fortran grammar failed on " + statements.get(0).at() + "...: "
                    + errors.message());
        }
        List<FortranParser.StatementLineContext> lines = file.statementLine();
        int line = 0;
        for (int i = 0; i < statements.size(); i++) {
            out.add(parsed[i] ? classify(lines.get(line++).statement(), statements.get(i))
                    : Stmt.of(Stmt.Kind.OTHER, statements.get(i)));
        }
    }

    /**
     * Whether the grammar reads a statement (its tokens, without its end); where not, a located
     * warning says why: a ')' that closes nothing, a '(' never closed, parentheses nested past the limit.
     */
    private static boolean readable(List<? extends Token> tokens, LogicalLine line, Predicate<LogicalLine> cut,
                                    Diagnostics diagnostics) {
        List<Token> open = new ArrayList<>();
        String problem = null;
        Token at = null;
        for (Token t : tokens) {
            if (t.getType() == FortranLexer.LPAREN) {
                open.add(t);
                if (open.size() > NestingLimit.LIMIT) {
                    problem = "parentheses nested more than " + NumberText.count(NestingLimit.LIMIT)
                            + " deep";
                    at = t;
                    break;
                }
            } else if (t.getType() == FortranLexer.RPAREN) {
                if (open.isEmpty()) {
                    problem = "this ')' closes no '('";
                    at = t;
                    break;
                }
                open.remove(open.size() - 1);
            }
        }
        if (problem == null && !open.isEmpty()) {
            problem = "this '(' is never closed";
            at = open.get(0);
        }
        if (problem == null) {
            return true;
        }
        if (!cut.test(line)) {
            diagnostics.warning(line.origin().locate(at.getCharPositionInLine()), problem
                    + ": lcm reads this statement as one it does not look into");
        }
        return false;
    }

    private static Stmt classify(FortranParser.StatementContext ctx, LogicalLine line) {
        Stmt known = ctx.accept(new Classifier(line));
        if (known != null) {
            return known;
        }
        String first = firstWord(ctx);
        Stmt.Kind selector = typeOrRankSelector(first, line.text());
        if (selector != null) {
            return Stmt.of(selector, line);
        }
        if (first.equals("parameter")) {
            return parameter(line);
        }
        if (NON_EXECUTABLE.contains(first)) {
            return Stmt.of(Stmt.Kind.NON_EXECUTABLE, line);
        }
        return Stmt.of(Stmt.Kind.OTHER, line);
    }

    /**
     * The statements the Fortran grammar names: its generated visitor, one method per labelled
     * alternative of {@code statement}; any other statement is classified by its first word.
     */
    private static final class Classifier extends FortranBaseVisitor<Stmt> {
        private final LogicalLine line;

        Classifier(LogicalLine line) {
            this.line = line;
        }

        @Override
        public Stmt visitProgramStmt(FortranParser.ProgramStmtContext p) {
            return named(Stmt.Kind.PROGRAM, line, p.name());
        }

        @Override
        public Stmt visitSubroutineStmt(FortranParser.SubroutineStmtContext s) {
            return named(Stmt.Kind.SUBROUTINE, line, s.name());
        }

        @Override
        public Stmt visitFunctionStmt(FortranParser.FunctionStmtContext f) {
            return named(Stmt.Kind.FUNCTION, line, f.name());
        }

        @Override
        public Stmt visitModuleStmt(FortranParser.ModuleStmtContext m) {
            return named(Stmt.Kind.MODULE, line, m.name());
        }

        @Override
        public Stmt visitBlockDataStmt(FortranParser.BlockDataStmtContext b) {
            return new Stmt(Stmt.Kind.BLOCK_DATA, line, b.name() == null ? "block data" : lower(b.name().getText()),
                    "", List.of(), List.of(), Optional.empty());
        }

        @Override
        public Stmt visitEndUnitStmt(FortranParser.EndUnitStmtContext ctx) {
            return Stmt.of(Stmt.Kind.END_UNIT, line);
        }

        @Override
        public Stmt visitEndStmt(FortranParser.EndStmtContext ctx) {
            return Stmt.of(Stmt.Kind.END, line);
        }

        @Override
        public Stmt visitContainsStmt(FortranParser.ContainsStmtContext ctx) {
            return Stmt.of(Stmt.Kind.CONTAINS, line);
        }

        @Override
        public Stmt visitDoStmt(FortranParser.DoStmtContext d) {
            List<String> bounds = new ArrayList<>();
            for (FortranParser.BoundContext b : d.bound()) {
                bounds.add(original(b, line));
            }
            String var = lower(d.name(d.name().size() - 1).getText());
            return new Stmt(Stmt.Kind.DO, line, var, d.label == null ? "" : d.label.getText(), bounds, List.of(),
                    Optional.empty());
        }

        @Override
        public Stmt visitDoWhileStmt(FortranParser.DoWhileStmtContext d) {
            return new Stmt(Stmt.Kind.DO_WHILE, line, "", d.label == null ? "" : d.label.getText(), List.of(),
                    List.of(), Optional.empty());
        }

        @Override
        public Stmt visitDoConcurrentStmt(FortranParser.DoConcurrentStmtContext d) {
            // do concurrent (i = lo:hi): a serial loop; one index gives its trip count
            List<String> header = FortranExpressions.splitArguments(original(d.parenGroup(), line));
            String label = d.label == null ? "" : d.label.getText();
            if (header.size() == 1 && header.get(0).contains("=")) {
                String var = lower(header.get(0).substring(0, header.get(0).indexOf('=')).strip());
                List<String> bounds = List.of(header.get(0).substring(header.get(0).indexOf('=') + 1).split(":", -1));
                if (bounds.size() >= 2 && bounds.size() <= 3) {
                    return new Stmt(Stmt.Kind.DO, line, var, label, bounds, List.of(), Optional.empty());
                }
            }
            return new Stmt(Stmt.Kind.DO_WHILE, line, "", label, List.of(), List.of(), Optional.empty());
        }

        @Override
        public Stmt visitDoForeverStmt(FortranParser.DoForeverStmtContext d) {
            return new Stmt(Stmt.Kind.DO_FOREVER, line, "", d.label == null ? "" : d.label.getText(), List.of(),
                    List.of(), Optional.empty());
        }

        @Override
        public Stmt visitEndDoStmt(FortranParser.EndDoStmtContext ctx) {
            return Stmt.of(Stmt.Kind.END_DO, line);
        }

        @Override
        public Stmt visitIfThenStmt(FortranParser.IfThenStmtContext ctx) {
            return Stmt.of(Stmt.Kind.IF_THEN, line);
        }

        @Override
        public Stmt visitElseIfStmt(FortranParser.ElseIfStmtContext ctx) {
            return Stmt.of(Stmt.Kind.ELSE_IF, line);
        }

        @Override
        public Stmt visitElseStmt(FortranParser.ElseStmtContext ctx) {
            return Stmt.of(Stmt.Kind.ELSE, line);
        }

        @Override
        public Stmt visitEndIfStmt(FortranParser.EndIfStmtContext ctx) {
            return Stmt.of(Stmt.Kind.END_IF, line);
        }

        @Override
        public Stmt visitLogicalIfStmt(FortranParser.LogicalIfStmtContext li) {
            Stmt inner = classify(li.statement(), line);
            return new Stmt(Stmt.Kind.LOGICAL_IF, line, "", "", List.of(), List.of(), Optional.of(inner));
        }

        @Override
        public Stmt visitCallStmt(FortranParser.CallStmtContext c) {
            List<String> args = c.parenGroup() == null ? List.of() : FortranExpressions.splitArguments(original(c.parenGroup(), line));
            return new Stmt(Stmt.Kind.CALL, line, lower(c.name().getText()), "", args, List.of(), Optional.empty());
        }

        @Override
        public Stmt visitContinueStmt(FortranParser.ContinueStmtContext ctx) {
            return Stmt.of(Stmt.Kind.CONTINUE, line);
        }

        @Override
        public Stmt visitReturnStmt(FortranParser.ReturnStmtContext ctx) {
            return Stmt.of(Stmt.Kind.RETURN, line);
        }

        @Override
        public Stmt visitSelectStmt(FortranParser.SelectStmtContext ctx) {
            return Stmt.of(Stmt.Kind.SELECT, line);
        }

        @Override
        public Stmt visitCaseStmt(FortranParser.CaseStmtContext ctx) {
            return Stmt.of(Stmt.Kind.CASE, line);
        }

        @Override
        public Stmt visitEndSelectStmt(FortranParser.EndSelectStmtContext ctx) {
            return Stmt.of(Stmt.Kind.END_SELECT, line);
        }

        @Override
        public Stmt visitInterfaceStmt(FortranParser.InterfaceStmtContext ctx) {
            return Stmt.of(Stmt.Kind.INTERFACE, line);
        }

        @Override
        public Stmt visitEndInterfaceStmt(FortranParser.EndInterfaceStmtContext ctx) {
            return Stmt.of(Stmt.Kind.END_INTERFACE, line);
        }

        @Override
        public Stmt visitTypeDefStmt(FortranParser.TypeDefStmtContext ctx) {
            return Stmt.of(Stmt.Kind.TYPE_DEF, line);
        }

        @Override
        public Stmt visitTypeDefStmt2(FortranParser.TypeDefStmt2Context ctx) {
            return Stmt.of(Stmt.Kind.TYPE_DEF, line);
        }

        @Override
        public Stmt visitEndTypeStmt(FortranParser.EndTypeStmtContext ctx) {
            return Stmt.of(Stmt.Kind.END_TYPE, line);
        }

        @Override
        public Stmt visitBlockWhereStmt(FortranParser.BlockWhereStmtContext ctx) {
            return Stmt.of(Stmt.Kind.WHERE_BLOCK, line);
        }

        @Override
        public Stmt visitEndWhereStmt(FortranParser.EndWhereStmtContext ctx) {
            return Stmt.of(Stmt.Kind.END_WHERE, line);
        }

        @Override
        public Stmt visitTypeDeclStmt(FortranParser.TypeDeclStmtContext t) {
            return declaration(line, Declarations.typeDeclaration(t, line));
        }

        @Override
        public Stmt visitDimensionStmt(FortranParser.DimensionStmtContext d) {
            return declaration(line, Declarations.entities(d.entity(), "", Optional.empty(), List.of(), line));
        }

        @Override
        public Stmt visitCommonStmt(FortranParser.CommonStmtContext c) {
            List<Declaration> ds = new ArrayList<>();
            for (FortranParser.CommonPartContext part : c.commonPart()) {
                ds.addAll(Declarations.entities(part.entity(), "", Optional.empty(), List.of(), line));
            }
            return declaration(line, ds);
        }

        @Override
        public Stmt visitAssignmentStmt(FortranParser.AssignmentStmtContext ctx) {
            return Stmt.of(Stmt.Kind.ASSIGNMENT, line);
        }

        /** A statement the grammar does not name: classified by its first word. */
        @Override
        public Stmt visitChildren(RuleNode node) {
            return null;
        }
    }

    /** {@code parameter (n = 256, itors = 16)}: the bindings, as "name = value" texts. */
    private static Stmt parameter(LogicalLine line) {
        String text = line.text().strip();
        String rest = text.length() > "parameter".length() ? text.substring("parameter".length()).strip() : "";
        if (!rest.startsWith("(") || !rest.endsWith(")")) {
            return Stmt.of(Stmt.Kind.NON_EXECUTABLE, line);
        }
        return new Stmt(Stmt.Kind.PARAMETER, line, "", "", FortranExpressions.splitArguments(rest), List.of(), Optional.empty());
    }

    /**
     * {@code select type (x)} and {@code select rank (x)} open a block like {@code select case};
     * {@code type is (...)}, {@code class is (...)}, {@code class default}, {@code rank (...)} and
     * {@code rank default} are its branches. Null for any other statement.
     */
    private static Stmt.Kind typeOrRankSelector(String first, String text) {
        if (!first.equals("select") && !first.equals("type") && !first.equals("class") && !first.equals("rank")
                && !text.contains(":")) {
            return null;
        }
        String[] w = lower(text.replace("(", " ( ")).replace(':', ' ').trim().split("\\s+");
        int i = w.length > 2 && !w[0].equals("select") && w[1].equals("select") ? 1 : 0; // a construct name
        if (w.length > i + 2 && w[i].equals("select") && (w[i + 1].equals("type") || w[i + 1].equals("rank"))
                && w[i + 2].equals("(")) {
            return Stmt.Kind.SELECT;
        }
        if (w.length > 2 && (w[0].equals("type") || w[0].equals("class")) && w[1].equals("is") && w[2].equals("(")) {
            return Stmt.Kind.CASE;
        }
        if (w.length >= 2 && (w[0].equals("class") || w[0].equals("rank")) && w[1].equals("default")
                || w.length > 1 && w[0].equals("rank") && w[1].equals("(")) {
            return Stmt.Kind.CASE;
        }
        return null;
    }

    private static Stmt declaration(LogicalLine line, List<Declaration> ds) {
        return new Stmt(Stmt.Kind.DECLARATION, line, "", "", List.of(), ds, Optional.empty());
    }

    private static Stmt named(Stmt.Kind kind, LogicalLine line, FortranParser.NameContext name) {
        return new Stmt(kind, line, lower(name.getText()), "", List.of(), List.of(), Optional.empty());
    }

    private static String firstWord(ParseTree ctx) {
        ParseTree t = ctx;
        while (t.getChildCount() > 0) {
            t = t.getChild(0);
        }
        return t instanceof TerminalNode n ? lower(n.getText()) : "";
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    /** The source text a context covers, taken from the logical line (so blanks are kept). */
    static String original(ParserRuleContext ctx, LogicalLine line) {
        int lineStart = lineStartOffset(ctx);
        int a = ctx.getStart().getStartIndex() - lineStart;
        int b = ctx.getStop() == null ? a - 1 : ctx.getStop().getStopIndex() - lineStart;
        String text = line.text();
        if (a < 0 || a > text.length()) {
            return ctx.getText();
        }
        return text.substring(a, Math.min(text.length(), b + 1));
    }

    /** Offset of the first character of the grammar line that holds {@code ctx}. */
    private static int lineStartOffset(ParserRuleContext ctx) {
        ParserRuleContext c = ctx;
        while (c != null && !(c instanceof FortranParser.StatementLineContext)) {
            c = c.getParent();
        }
        if (c == null) {
            return 0;
        }
        int firstToken = c.getStart().getStartIndex();
        int col = c.getStart().getCharPositionInLine();
        return firstToken - col;
    }
}
