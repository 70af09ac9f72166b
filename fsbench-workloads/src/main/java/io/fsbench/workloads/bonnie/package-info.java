/**
 * The bonnie family: bonnie++ 2.00a's six tests on one file and six on many small files, with its
 * system calls, its random stream and its report (text table and CSV line).
 */
package io.fsbench.workloads.bonnie;
