package lcm;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The rules of lcm's layout (docs/design.md#packages-and-who-uses-whom), checked on the classes of
 * all three modules: the stages depend one way, and composition never sees how a program was
 * written. A rule broken here is a design decision to take in docs/design.md first.
 */
@AnalyzeClasses(packages = "lcm", importOptions = {ImportOption.DoNotIncludeTests.class,
        ArchitectureTest.NoTestJars.class})
class ArchitectureTest {

    /** The other modules' test classes, on this module's test class path as test jars (lcm.TestRepo). */
    static final class NoTestJars implements ImportOption {
        @Override
        public boolean includes(com.tngtech.archunit.core.importer.Location location) {
            return !location.contains("-tests.jar");
        }
    }

    /** The parse tree and the front ends that make it, and the reader that turns it into a Program. */
    private static final String[] READING = {"lcm.structure..", "lcm.fortran..", "lcm.javasrc..", "lcm.frontend.."};

    /** The Program value and every stage after it. */
    private static final String[] FROM_PROGRAM_ON = {"lcm.dag..", "lcm.compose..", "lcm.report..", "lcm.compare..",
            "lcm.trace..", "lcm.phases..", "lcm.skeleton..", "lcm.machine..", "lcm.algebra..", "lcm.width..",
            "lcm.symbolic.."};

    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("lcm.(*)..").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule nothingUsesTheCommandLine = noClasses().that().resideOutsideOfPackage("lcm.cli..")
            .should().dependOnClassesThat().resideInAPackage("lcm.cli..")
            .because("the commands are thin: options in, a feature package's call, a report out; benchmarks and "
                    + "the fuzzer get what runs a command line handed in (lcm.bench.CommandRunner)");

    @ArchTest
    static final ArchRule compositionNeverSeesTheParseTree = noClasses().that().resideInAnyPackage(FROM_PROGRAM_ON)
            .should().dependOnClassesThat().resideInAnyPackage(READING)
            .because("composition takes a complete Program: what it needs of the code is on the nodes");

    @ArchTest
    static final ArchRule frontEndsKnowNothingLater = noClasses()
            .that().resideInAnyPackage("lcm.structure..", "lcm.fortran..", "lcm.javasrc..")
            .should().dependOnClassesThat().resideInAnyPackage(FROM_PROGRAM_ON)
            .orShould().dependOnClassesThat().resideInAnyPackage("lcm.frontend..")
            .because("a front end turns a file into a ParsedFile; the reader builds the program");

    @ArchTest
    static final ArchRule sharedValuesDependOnNoStage = noClasses()
            .that().resideInAnyPackage("lcm.source..", "lcm.expr..")
            .should().dependOnClassesThat().resideInAnyPackage("lcm.annotation..", "lcm.antlr..", "lcm.dag..",
                    "lcm.values..", "lcm.measure..", "lcm.fit..", "lcm.compose..", "lcm.cli..")
            .orShould().dependOnClassesThat().resideInAnyPackage(READING);

    @ArchTest
    static final ArchRule thePpFormatStandsOnSharedValuesAlone = noClasses().that().resideInAPackage("lcm.pp..")
            .should().dependOnClassesThat(resideInAPackage("lcm..")
                    .and(not(resideInAnyPackage("lcm.pp..", "lcm.expr..", "lcm.source.."))))
            .because("measure, probe and campaign all read and write pp files through it: it knows no stage");

    @ArchTest
    static final ArchRule javaparserStaysInTheJavaFrontEnd = noClasses().that().resideOutsideOfPackage("lcm.javasrc..")
            .should().dependOnClassesThat().resideInAPackage("com.github.javaparser..")
            .because("the Java front end converts javaparser's mutable tree into lcm's values at once");

    @ArchTest
    static final ArchRule symjaOnlyBehindOneDoor = noClasses().that().resideOutsideOfPackage("lcm.symbolic..")
            .should().dependOnClassesThat().resideInAPackage("org.matheclipse..")
            .because("no user text may reach Symja's parser; lcm.symbolic converts through an allow-list");

    @ArchTest
    static final ArchRule antlrOnlyInTheGrammars = noClasses()
            .that().resideOutsideOfPackages("lcm.grammar..", "lcm.antlr..", "lcm.annotation..", "lcm.fortran..")
            .should().dependOnClassesThat().resideInAnyPackage("org.antlr..", "lcm.grammar..");

    @ArchTest
    static final ArchRule picocliOnlyInTheCommandLine = noClasses().that().resideOutsideOfPackage("lcm.cli..")
            .should().dependOnClassesThat().resideInAPackage("picocli..")
            .because("options are read in the command line; feature packages take values");

    /** What lcm measure may call of lcm outside the command line: the measurement's one entry and its request. */
    private static final DescribedPredicate<JavaCodeUnit> MEASUREMENT_ENTRY = DescribedPredicate.describe(
            "are lcm.probe.Measure.run or the constructor of its Request, or of no class of lcm outside lcm.cli",
            unit -> {
                String owner = unit.getOwner().getName();
                return !owner.startsWith("lcm.") || owner.startsWith("lcm.cli.")
                        || owner.equals("lcm.probe.Measure") && unit.getName().equals("run")
                        || owner.equals("lcm.probe.Measure$Request") && unit.isConstructor();
            });

    @ArchTest
    static final ArchRule measureCallsOneEntryOfMeasurement = classes()
            .that().haveFullyQualifiedName("lcm.cli.MeasureCommand")
            .should().onlyCallCodeUnitsThat(MEASUREMENT_ENTRY)
            .because("lcm measure is options in, one call of the measurement (lcm.probe.Measure), its lines out: "
                    + "the processors, the widths and the run are decided below the command line");
}
