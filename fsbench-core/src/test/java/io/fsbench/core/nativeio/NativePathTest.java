package io.fsbench.core.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NativePathTest {

  @Test
  void appendsNumbersInDecimalAsSprintfDoes() {
    NativePath path = new NativePath().set(new byte[] {'/', 'd'});

    path.append('/').append(0L).append('/').append(42L).append('/').append(-15L).append('/');
    path.append(1_234_567_890_123L);

    assertThat(path).hasToString("/d/0/42/-15/1234567890123");
  }

  @Test
  void truncatingKeepsAPrefixForTheNextName() {
    NativePath path = new NativePath().set(new byte[] {'/', 'd', '/'});
    int prefix = path.length();

    path.append(7L);
    path.truncate(prefix).append(8L);

    assertThat(path).hasToString("/d/8");
  }
}
