package io.jvortex.internal.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.testing.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The projection's name index answers exactly like {@link DType.Struct#indexOf}, duplicates included. */
class ProjectionNamesTest {
    @Test
    void theHashIndexAgreesWithTheLinearSearch() {
        SplittableRandom random = Seeds.random("ProjectionNamesTest");
        for (int round = 0; round < 50; round++) {
            int n = random.nextInt(0, 300);
            List<String> names = new ArrayList<>();
            List<DType> types = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                // a small alphabet, so that some names repeat and some contain dots
                names.add("c" + random.nextInt(2 * n + 1) + (random.nextInt(10) == 0 ? ".x" : ""));
                types.add(new DType.Primitive(PType.I32, true));
            }
            DType.Struct struct = new DType.Struct(names, types, false);
            LayoutScan.Names hashed = new LayoutScan.Names(struct, Integer.MAX_VALUE);
            LayoutScan.Names linear = new LayoutScan.Names(struct, 0);
            for (int k = 0; k < 100; k++) {
                String name = "c" + random.nextInt(2 * n + 2) + (random.nextBoolean() ? ".x" : "");
                assertThat(hashed.indexOf(name)).as("%s in %s", name, names).isEqualTo(struct.indexOf(name));
                assertThat(linear.indexOf(name)).isEqualTo(struct.indexOf(name));
            }
        }
    }
}
