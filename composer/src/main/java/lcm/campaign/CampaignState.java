package lcm.campaign;

import lcm.campaign.Campaign.Task;
import lcm.source.SourceRegistry;


import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which runs a campaign's files hold: those in its pp files (each after its {@link RunMark}),
 * and those whose complete part waits for {@code lcm campaign collect}.
 *
 * @param recorded    the runs in each structure's pp file
 * @param collectable tasks with a complete part that is not yet in a pp file
 */
public record CampaignState(Map<String, RecordedRuns> recorded, List<Integer> collectable) {

    public static CampaignState of(CampaignLayout layout) {
        Map<String, RecordedRuns> recorded = new LinkedHashMap<>();
        for (Campaign.Structure s : layout.campaign().structures()) {
            recorded.put(s.name(), RecordedRuns.read(layout.pp(s.name()), layout.campaign().name(),
                    layout.campaign().tasks().size(), new SourceRegistry()));
        }
        List<Integer> collectable = new ArrayList<>();
        for (Task t : layout.campaign().tasks()) {
            if (!recorded.get(t.structure()).has(t.id()) && Files.isRegularFile(layout.part(t.id()))) {
                collectable.add(t.id());
            }
        }
        return new CampaignState(recorded, collectable);
    }

    public boolean inPp(Task t) {
        return recorded.get(t.structure()).has(t.id());
    }

    public boolean done(int task) {
        return collectable.contains(task) || recorded.values().stream().anyMatch(r -> r.has(task));
    }

    /** Runs in the pp files (each task once) and complete parts. */
    public int doneCount() {
        return (int) recorded.values().stream().mapToLong(r -> r.blocks().size()).sum() + collectable.size();
    }
}
