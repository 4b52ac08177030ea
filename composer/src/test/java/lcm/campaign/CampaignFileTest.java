package lcm.campaign;

import lcm.campaign.Campaign.Axis;
import lcm.campaign.Campaign.Structure;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The campaign file: what is written is read back; a broken hand edit is reported where it is. */
class CampaignFileTest {

    @TempDir
    Path dir;

    private Campaign campaign() {
        List<Axis> axes = List.of(new Axis("n", List.of(64.0, 128.0)), new Axis("p", List.of(1.0, 2.0)));
        List<Campaign.DesignPoint> points = Planner.factorial(axes);
        List<Structure> s = List.of(new Structure("tp", CommandTemplate.measure(axes, List.of(), List.of(),
                List.of("java", "-Dn={n}", "Tp.java"))));
        return new Campaign("c", "..", "c-data", axes, s, points, 2, 5, "full factorial",
                RunOrder.tasks(axes, points, List.of("tp"), 2, 5),
                Optional.of(new Campaign.Estimate(12.5, 2.25, "a pilot", Map.of("tp",
                        new RunTimeModel(1.25, 3e-7, Map.of("n", 2.0, "p", -0.5))))));
    }

    @Test
    void whatIsWrittenIsReadBack() {
        Path file = dir.resolve("c.json");
        CampaignFile.write(file, campaign(), "now");
        CampaignLayout read = CampaignFile.read(file, new SourceRegistry());
        assertEquals(campaign(), read.campaign());
        assertEquals(dir.getParent(), read.workdir());
        assertEquals(dir.resolve("c-data/tp.pp"), read.pp("tp"));
        assertEquals(dir.resolve("c-data/parts/3.pp.part"), read.partInProgress(3));
    }

    @Test
    void aBrokenEditIsLocated() throws IOException {
        Path file = dir.resolve("c.json");
        CampaignFile.write(file, campaign(), "now");
        String text = Files.readString(file);
        Files.writeString(file, text.replace("{\"point\": 3, \"n\": 128, \"p\": 1}", "{\"point\": 3, \"n\": 128, \"p\": 1.5}"));
        UserError e = assertThrows(UserError.class, () -> CampaignFile.read(file, new SourceRegistry()));
        int line = text.lines().toList().indexOf("    {\"point\": 3, \"n\": 128, \"p\": 1},") + 1;
        assertEquals(file + ":" + line + ":33: point 3: p must be a whole number of processors", e.diagnostics().get(0).headline());
        Files.writeString(file, text.replace("\"--out\", \"{out}\", ", ""));
        e = assertThrows(UserError.class, () -> CampaignFile.read(file, new SourceRegistry()));
        assertEquals("structure tp: the command must write its lines to {out} (--out {out})", e.diagnostics().get(0).message());
        Files.writeString(file, text.substring(0, 40));
        e = assertThrows(UserError.class, () -> CampaignFile.read(file, new SourceRegistry()));
        assertEquals(true, e.diagnostics().get(0).message().startsWith("bad JSON: "), e.diagnostics().get(0).message());
    }
}
