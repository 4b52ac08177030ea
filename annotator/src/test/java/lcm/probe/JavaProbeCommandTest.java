package lcm.probe;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The java command lcm measure runs: the program's own arguments kept, the probe's added. */
class JavaProbeCommandTest {

    @Test
    void theProbeIsAddedBeforeTheProgramsOwnOptionsAndNeverInlined() {
        List<String> cmd = JavaProbe.javaCommand(List.of("java", "-Xmx1g", "-Dn=256", "Fft2dTp.java"),
                Path.of("/w/agent.jar"), Path.of("/w/probe.spec"), 2);
        assertEquals(List.of("java", "-javaagent:/w/agent.jar=/w/probe.spec", "-XX:ActiveProcessorCount=2",
                "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,lcm.probe.agent.Probe::*",
                "-Xmx1g", "-Dn=256", "Fft2dTp.java"), cmd);
    }

    @Test
    void thisJvmTakesTheOptionsAndPrintsNothingForThem() throws Exception {
        // the measured program's output is passed on: the options must not add a line to it
        List<String> cmd = new ArrayList<>(JavaProbe.javaCommand(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version"),
                Path.of("unused"), Path.of("unused"), 1));
        cmd.remove(1); // no agent jar here: the options are what is tested
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor());
        assertEquals("", out);
    }
}
