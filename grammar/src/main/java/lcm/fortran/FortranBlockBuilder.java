package lcm.fortran;

import lcm.annotation.Annotation;
import lcm.expr.Expr;
import lcm.expr.Fn;
import lcm.source.Diagnostics;
import lcm.source.SourceSpan;
import lcm.structure.AttachRule;
import lcm.structure.Attached;
import lcm.structure.Construct;
import lcm.structure.Declaration;
import lcm.structure.Routine;

import java.util.LinkedHashMap;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds routines of {@link Construct}s from the classified lines of one file, with a stack of
 * open blocks: DO loops (block and labelled, shared terminal labels), IF and SELECT blocks,
 * directive-delimited parallel constructs, fragment blocks. Annotations attach to the next
 * construct (docs/annotations.md); every structural mistake is reported at its place and the builder
 * carries on, so one run reports every problem.
 */
final class FortranBlockBuilder {


    private final Path file;
    private final Diagnostics diagnostics;
    private final List<Annotation> fileLevel = new ArrayList<>();
    private final AttachRule rule;
    private final FrameStack frames;
    private final ProgramUnits units;
    private final DirectiveBlocks directives;
    /** The line of the annotation being read (for the block annotations, which act where they stand). */
    private LogicalLine annotationLine;
    private final AttachRule.BlockAnnotations blockAnnotations = new AttachRule.BlockAnnotations() {
        @Override
        public void sync(Annotation.Sync sync) {
            units.ensure(annotationLine);
            add(new Construct.SyncPoint(span(annotationLine), Attached.NONE, sync));
        }

        @Override
        public void fragmentStart(Annotation.FragmentStart start, Attached before) {
            Frame f = new Frame(FrameKind.FRAGMENT, "fragment " + start.name(), annotationLine.at(), before);
            f.fragmentName = start.name();
            frames.push(f);
        }

        @Override
        public void fragmentEnd(Annotation.FragmentEnd end) {
            LogicalLine line = annotationLine;
            Frame f = frames.peek();
            if (f == null || f.kind != FrameKind.FRAGMENT) {
                if (!frames.anyOpen(x -> x.kind == FrameKind.FRAGMENT)) {
                    diagnostics.error(line.at(), "'end fragment' without 'fragment'");
                    return;
                }
            } else if (!end.name().isEmpty() && !end.name().equals(f.fragmentName)) {
                diagnostics.error(line.at(), "'end fragment " + end.name() + "' closes 'fragment " + f.fragmentName + "'");
            }
            close(FrameKind.FRAGMENT, "end fragment", line);
        }

        @Override
        public void structure(Annotation.Structure st) {
            structureAnnotation(st, annotationLine);
        }
    };
    private int interfaceDepth;
    private int typeDepth;
    private int lastLine;

    FortranBlockBuilder(Path file, Diagnostics diagnostics) {
        this.file = file;
        this.diagnostics = diagnostics;
        this.rule = new AttachRule(diagnostics);
        this.frames = new FrameStack(diagnostics);
        this.units = new ProgramUnits(frames, diagnostics, rule);
        this.directives = new DirectiveBlocks(frames, units, rule, diagnostics);
    }

    List<Routine> routines() {
        return units.routines();
    }

    /** The {@code parameter} constants of the file, by lower-case name (first definition wins). */
    Map<String, Expr> constants() {
        return constants;
    }

    private final Map<String, Expr> constants = new LinkedHashMap<>();

    List<Annotation> fileLevel() {
        return fileLevel;
    }

    /** The lines of a whole file, then its end. */
    void build(List<BlockLine> lines) {
        add(lines);
        finish();
    }

    /** The next lines of the file, in order (a file may come in several parts). */
    void add(List<BlockLine> lines) {
        for (BlockLine l : lines) {
            lastLine = Math.max(lastLine, l.line().lastLine());
            if (l instanceof BlockLine.StmtLine s) {
                statement(s.stmt());
            } else if (l instanceof BlockLine.DirectiveLine d) {
                directive(d.directive());
            } else if (l instanceof BlockLine.AnnotationLine a) {
                annotation(a.annotation(), a.line());
            } else {
                frames.directiveRejected();
            }
            if (!(l instanceof BlockLine.StmtLine s && s.stmt().kind() == Stmt.Kind.DO) && !(l instanceof BlockLine.AnnotationLine)
                    && !(l instanceof BlockLine.DirectiveLine d2 && d2.directive().meaning() == Directive.Meaning.LOOP)) {
                directives.noLoop(describe(l), l.line().at().line());
            }
        }
    }

    /** The end of the file: whatever is still open is closed (or reported). */
    void finish() {
        directives.finish();
        nothingToAttach("the end of the file");
        units.finish(lastLine);
    }

    // ------------------------------------------------------------------ statements

    private void statement(Stmt s) {
        LogicalLine line = s.line();
        frames.forgetClosedLoop();
        if (interfaceDepth > 0) {
            if (s.kind() == Stmt.Kind.INTERFACE) {
                interfaceDepth++;
            } else if (s.kind() == Stmt.Kind.END_INTERFACE) {
                interfaceDepth--;
            }
            return;
        }
        if (typeDepth > 0) {
            if (s.kind() == Stmt.Kind.END_TYPE) {
                typeDepth--;
            }
            return;
        }
        switch (s.kind()) {
            case PROGRAM -> openUnit(s.name(), Routine.Kind.PROGRAM, line);
            case SUBROUTINE, FUNCTION -> {
                openUnit(s.name(), s.kind() == Stmt.Kind.SUBROUTINE ? Routine.Kind.SUBROUTINE : Routine.Kind.FUNCTION,
                        line);
                units.peek().parameters = Dummies.of(line.text());
            }
            case MODULE, BLOCK_DATA -> openUnit(s.name(), null, line);
            case END, END_UNIT -> units.end(line);
            case CONTAINS -> {
                nothingToAttach("'contains'" + at(line));
                units.contains(line);
            }
            case INTERFACE -> {
                units.ensure(line);
                interfaceDepth = 1;
            }
            case END_INTERFACE -> diagnostics.error(line.at(), "'end interface' without 'interface'");
            case TYPE_DEF -> {
                units.ensure(line);
                typeDepth = 1;
            }
            case END_TYPE -> diagnostics.error(line.at(), "'end type' without 'type'");
            case DECLARATION -> {
                OpenUnit u = units.ensure(line);
                for (Declaration d : s.declarations()) {
                    u.declarations.merge(d.name(), d, Declaration::merge);
                }
            }
            case NON_EXECUTABLE -> units.ensure(line);
            case PARAMETER -> {
                units.ensure(line);
                for (String binding : s.parts()) {
                    int eq = binding.indexOf('=');
                    if (eq > 0) {
                        String name = StatementClassifier.lower(binding.substring(0, eq).strip());
                        FortranExpressions.expression(binding.substring(eq + 1))
                                .ifPresent(value -> constants.putIfAbsent(name, value));
                    }
                }
            }
            case DO, DO_WHILE, DO_FOREVER -> openDo(s);
            case END_DO -> endDo(s);
            case IF_THEN -> open(FrameKind.IF, "if", line);
            case ELSE_IF, ELSE -> elseBranch(line, s.kind() == Stmt.Kind.ELSE ? "else" : "else if");
            case END_IF -> close(FrameKind.IF, "end if", line);
            case SELECT -> open(FrameKind.SELECT, "select case", line);
            case CASE -> caseBranch(line);
            case END_SELECT -> close(FrameKind.SELECT, "end select", line);
            case WHERE_BLOCK -> open(FrameKind.WHERE, "where", line);
            case END_WHERE -> close(FrameKind.WHERE, "end where", line);
            case LOGICAL_IF -> simpleOrCall(s.inner().orElse(s), line);
            case CALL, ASSIGNMENT, OTHER -> simpleOrCall(s, line);
            case CONTINUE, RETURN -> units.ensure(line);
        }
        if (!s.label().isEmpty()) {
            closeLabelledLoops(s.label(), line, s.kind());
        }
    }

    private void simpleOrCall(Stmt s, LogicalLine line) {
        units.ensure(line);
        Attached a = takePending();
        SourceSpan span = span(line);
        if (s.kind() == Stmt.Kind.CALL) {
            add(new Construct.Call(span, a, s.name(), s.parts(),
                    s.parts().stream().map(this::argumentValue).toList()));
        } else if (s.kind() == Stmt.Kind.CONTINUE || s.kind() == Stmt.Kind.RETURN
                || s.kind() == Stmt.Kind.NON_EXECUTABLE || s.kind() == Stmt.Kind.DECLARATION) {
            if (!a.isEmpty()) {
                rule.passOn(a.annotations());
            }
        } else {
            add(new Construct.Simple(span, a));
        }
    }

    private static final Pattern REFERENCE = Pattern.compile("([a-z_][a-z0-9_]*)\\s*\\(");

    /**
     * The value an actual argument passes, if lcm can read one: a scalar expression, or an
     * array element ({@code dims(1)}, {@code m2(j)}); not an array section, and not a reference
     * {@code f(...)} to a name the unit declares as a scalar (a function). References to
     * functions of the program are told apart later, when all routines are known.
     */
    private Optional<Expr> argumentValue(String actual) {
        String text = actual.toLowerCase(Locale.ROOT);
        if (text.indexOf(':') >= 0) {
            return Optional.empty(); // an array section
        }
        Matcher m = REFERENCE.matcher(text);
        OpenUnit u = units.peek();
        while (m.find()) {
            String name = m.group(1);
            Declaration d = u == null ? null : u.declarations.get(name);
            if (d != null && d.rank() == 0 && Fn.byName(name).isEmpty() && !FortranExpressions.isConversion(name)) {
                return Optional.empty();
            }
        }
        return FortranExpressions.expression(text);
    }

    private void openDo(Stmt s) {
        LogicalLine line = s.line();
        units.ensure(line);
        Attached a = takePending();
        Frame f = new Frame(FrameKind.DO, "do", line.at(), a);
        f.label = s.doLabel();
        f.variable = s.name();
        f.bounds = s.kind() == Stmt.Kind.DO ? s.parts() : List.of();
        directives.takePendingLoop(f);
        frames.push(f);
    }

    private void endDo(Stmt s) {
        LogicalLine line = s.line();
        // "10 end do" closing "do 10 i = ..." is handled by the label
        if (!s.label().isEmpty() && frames.labelledLoopOpen(s.label())) {
            return;
        }
        close(FrameKind.DO, "end do", line);
    }

    private void closeLabelledLoops(String label, LogicalLine line, Stmt.Kind kind) {
        if (frames.labelledLoopOpen(label)) {
            nothingToAttach("the end of the do loop" + (kind == Stmt.Kind.CONTINUE ? "" : "'s last statement")
                    + " at label " + label + " (line " + line.at().line() + ")");
            frames.closeLabelledLoops(label, line);
        }
    }

    private void elseBranch(LogicalLine line, String what) {
        List<Annotation.Probability> next = rule.takeProbabilities();
        nothingToAttach("'" + what + "'" + at(line));
        Frame f = frames.peek();
        if (f == null || f.kind != FrameKind.IF) {
            if (f != null && f.kind != FrameKind.UNIT && frames.openInUnit(FrameKind.IF)) {
                diagnostics.error(line.at(), "'" + what + "' while '" + f.shown + "' (line " + f.at.line()
                        + ") is still open");
            } else if (!frames.abandoned(FrameKind.IF)) {
                diagnostics.error(line.at(), "'" + what + "' without 'if'");
            }
            return;
        }
        f.branches.add(f.body);
        f.body = new ArrayList<>();
        frames.branchProbabilities(f).next();
        frames.branchProbabilities(f).giveAll(next);
    }

    private void caseBranch(LogicalLine line) {
        List<Annotation.Probability> next = rule.takeProbabilities();
        nothingToAttach("'case'" + at(line));
        Frame f = frames.peek();
        if (f == null || f.kind != FrameKind.SELECT) {
            diagnostics.error(line.at(), "'case' without 'select case'");
            return;
        }
        if (!f.body.isEmpty() || !f.branches.isEmpty() || (f.inCase && frames.branchProbabilities(f).hasCurrent())) {
            f.branches.add(f.body);
            frames.branchProbabilities(f).next();
        }
        f.inCase = true;
        f.body = new ArrayList<>();
        frames.branchProbabilities(f).giveAll(next);
    }

    /**
     * A {@code probability:} on the first line inside a branch (nothing read in the branch yet, and
     * none given to it) is that branch's, not the next construct's.
     */
    private boolean branchProbability(Annotation a) {
        Frame f = frames.peek();
        if (!(a instanceof Annotation.Probability p) || f == null
                || (f.kind != FrameKind.IF && f.kind != FrameKind.SELECT)
                || !f.body.isEmpty() || !rule.nothingWaiting() || frames.branchProbabilities(f).hasCurrent()) {
            return false;
        }
        frames.branchProbabilities(f).give(p);
        return true;
    }

    // ------------------------------------------------------------------ directives

    private void directive(Directive d) {
        if (interfaceDepth == 0 && typeDepth == 0) {
            directives.read(d);
        }
    }

    // ------------------------------------------------------------------ annotations

    private void annotation(Annotation a, LogicalLine line) {
        if (a.isFileLevel()) {
            fileLevel.add(a);
            return;
        }
        annotationLine = line;
        if (a instanceof Annotation.FragmentStart) {
            units.ensure(line); // before the rule takes the waiting annotations: a unit's own join them
            units.passOnWaiting();
        }
        if (!AttachRule.actsInPlace(a)
                && units.betweenUnits()) {
            // before a unit statement (or between internal units): attaches to the next unit
            units.hold(a);
            return;
        }
        if (!branchProbability(a)) {
            rule.read(a, blockAnnotations);
        }
    }

    /** {@code parallel sections} / {@code section} / {@code tile(i)} written as annotations. */
    private void structureAnnotation(Annotation.Structure st, LogicalLine line) {
        Directive.Meaning m = switch (st.kind()) {
            case PARALLEL_SECTIONS -> Directive.Meaning.SECTIONS_OPEN;
            case SECTION -> Directive.Meaning.SECTION;
            case END_PARALLEL_SECTIONS -> Directive.Meaning.SECTIONS_CLOSE;
            case TILE -> Directive.Meaning.TILE_OPEN;
            case END_TILE -> Directive.Meaning.TILE_CLOSE;
        };
        directive(new Directive(LogicalLine.Sentinel.LCM, st.kind().text(), m, Map.of(), st.variable(), line));
    }

    private Attached takePending() {
        return units.takeForConstruct();
    }

    /**
     * Reports annotations that are waiting when a block ends or a branch starts: they attach to
     * nothing. {@code before} says what comes next ("'end do' at line 12").
     */
    private void nothingToAttach(String before) {
        rule.nothingToAttach(before);
    }

    private static String at(LogicalLine line) {
        return " at line " + line.at().line();
    }

    /** How a line reads in a message: its statement text (shortened) or its directive. */
    private static String describe(BlockLine l) {
        if (l instanceof BlockLine.DirectiveLine d) {
            return "'" + d.directive().shown() + "'";
        }
        String t = l.line().text();
        return "'" + (t.length() > 40 ? t.substring(0, 37) + "..." : t) + "'";
    }

    // ------------------------------------------------------------------ frames

    private void open(FrameKind kind, String shown, LogicalLine line) {
        units.ensure(line);
        frames.push(new Frame(kind, shown, line.at(), takePending()));
    }

    private void close(FrameKind kind, String closer, LogicalLine line) {
        nothingToAttach("'" + closer + "'" + at(line));
        frames.close(kind, closer, line);
    }

    private void add(Construct c) {
        frames.add(c);
    }

    private void openUnit(String name, Routine.Kind kind, LogicalLine line) {
        nothingToAttach("the start of " + name + at(line));
        units.open(name, kind, line);
    }

    private SourceSpan span(LogicalLine line) {
        return new SourceSpan(line.at(), Math.max(line.at().line(), line.lastLine()));
    }
}
