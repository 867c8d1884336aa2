package io.jvortex.csv.fuzz;

import io.jvortex.csv.CsvCorpus;
import io.jvortex.testing.Seeds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** The seeds of {@link CsvFuzzer}: the seeded test corpus at a few sizes and option bytes, and edge cases. */
public final class CsvFuzzSeeds {
    private CsvFuzzSeeds() {
    }

    /**
     * Writes the seeds.
     *
     * @param args the target's name ({@code CsvFuzzer}) and the directory to write into
     * @throws IOException when the directory cannot be written
     */
    public static void main(String[] args) throws IOException {
        Path dir = Files.createDirectories(Path.of(args[1]));
        List<byte[]> seeds = of();
        for (int i = 0; i < seeds.size(); i++) {
            Files.write(dir.resolve(String.format("seed-%04d", i)), seeds.get(i));
        }
        System.out.println(seeds.size() + " seeds for " + args[0] + " in " + dir);
    }

    static List<byte[]> of() {
        SplittableRandom rnd = Seeds.random("CsvFuzzSeeds");
        List<byte[]> out = new ArrayList<>();
        for (int rows : new int[] {0, 1, 5, 40}) {
            out.add(seed(0, CsvCorpus.generate(rnd, rows)));
        }
        out.add(seed(0, "a,b,c\n1,2.50,x\n,\"\",\"q\"\"uote\"\n-7,1e3,\"multi\nline\"\r\n"));
        out.add(seed(1, "007,+1,1.50,true,1992-01-02,2001-02-03T04:05:06Z\n8,-2,0.05,false,,\n"));
        out.add(seed(2, "x;y\n1;2\n3;4\n"));
        out.add(seed(6, "x\ty\n\u00e9\t\ud83d\ude00\n"));
        out.add(seed(0, "only,header\n"));
        return out;
    }

    private static byte[] seed(int flags, String csv) {
        byte[] text = csv.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[text.length + 1];
        out[0] = (byte) flags;
        System.arraycopy(text, 0, out, 1, text.length);
        return out;
    }
}
