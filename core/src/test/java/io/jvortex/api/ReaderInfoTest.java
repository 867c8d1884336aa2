package io.jvortex.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.scalar.ArrayStatistics;
import io.jvortex.testing.Seeds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The public descriptions of a file: layout tree, file statistics and zone maps, checked against the data. */
class ReaderInfoTest {
    private static final DType.Struct SCHEMA = new DType.Struct(List.of("id", "x"),
            List.of(new DType.Primitive(PType.I64, false), new DType.Primitive(PType.I64, true)), false);

    @TempDir
    Path dir;

    @Test
    void layoutStatisticsAndZonesDescribeTheWrittenData() throws Exception {
        SplittableRandom random = Seeds.random("ReaderInfoTest");
        int rows = random.nextInt(5_000, 20_000);
        int zoneRows = 1 << random.nextInt(8, 12);
        long[] ids = new long[rows];
        long[] xs = new long[rows];
        boolean[] valid = new boolean[rows];
        for (int i = 0; i < rows; i++) {
            ids[i] = i;
            xs[i] = random.nextLong(-1_000_000, 1_000_000);
            valid[i] = random.nextInt(10) != 0;
        }
        Path file = dir.resolve("t.vortex");
        try (VortexWriter writer = VortexWriter.create(file, SCHEMA, WriteOptions.defaults().withZoneRows(zoneRows))) {
            boolean[] nulls = new boolean[rows];
            for (int i = 0; i < rows; i++) {
                nulls[i] = !valid[i];
            }
            writer.write(Batch.builder(SCHEMA).longs("id", ids).longs("x", xs, nulls).build());
        }
        long size = Files.size(file);
        try (VortexReader reader = VortexReader.open(file)) {
            LayoutInfo root = reader.layout();
            assertThat(root.rowCount()).isEqualTo(rows);
            assertThat(root.dtype()).isEqualTo(SCHEMA);
            assertThat(root.children()).extracting(LayoutInfo::path).contains("root.id", "root.x");
            List<LayoutInfo> flats = root.find("vortex.flat");
            assertThat(flats).isNotEmpty();
            for (LayoutInfo flat : flats) {
                assertThat(flat.segments()).hasSize(1);
                SegmentInfo s = flat.segments().getFirst();
                assertThat(s.offset() + s.length()).isLessThanOrEqualTo(size);
                assertThat(s.offset() % s.alignment()).isZero();
            }

            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            int nulls = 0;
            for (int i = 0; i < rows; i++) {
                if (valid[i]) {
                    min = Math.min(min, xs[i]);
                    max = Math.max(max, xs[i]);
                } else {
                    nulls++;
                }
            }
            ArrayStatistics stats = reader.statistics().get("x");
            assertThat(reader.statistics().keySet()).containsExactly("id", "x");
            assertThat(stats.min().orElseThrow().asLong()).isEqualTo(min);
            assertThat(stats.max().orElseThrow().asLong()).isEqualTo(max);
            assertThat(stats.nullCount()).hasValue(nulls);

            List<Zone> zones = reader.zones("x");
            assertThat(zones).hasSize((rows + zoneRows - 1) / zoneRows);
            long next = 0;
            for (Zone zone : zones) {
                assertThat(zone.rowStart()).isEqualTo(next);
                long zmin = Long.MAX_VALUE;
                long zmax = Long.MIN_VALUE;
                long znulls = 0;
                for (long r = zone.rowStart(); r < zone.rowStart() + zone.rowCount(); r++) {
                    if (valid[(int) r]) {
                        zmin = Math.min(zmin, xs[(int) r]);
                        zmax = Math.max(zmax, xs[(int) r]);
                    } else {
                        znulls++;
                    }
                }
                assertThat(zone.statistic("min").orElseThrow().asLong()).isEqualTo(zmin);
                assertThat(zone.statistic("max").orElseThrow().asLong()).isEqualTo(zmax);
                assertThat(zone.statistic("null_count").orElseThrow().asLong()).isEqualTo(znulls);
                next += zone.rowCount();
            }
            assertThat(next).isEqualTo(rows);
            assertThatThrownBy(() -> reader.zones("nope")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("nope");
            List<String> ids2 = new ArrayList<>();
            root.find("vortex.zoned").forEach(z -> ids2.add(z.properties().get("zone_length")));
            assertThat(ids2).isNotEmpty().allSatisfy(v -> assertThat(v).isEqualTo(Integer.toString(zoneRows)));
        }
    }
}
