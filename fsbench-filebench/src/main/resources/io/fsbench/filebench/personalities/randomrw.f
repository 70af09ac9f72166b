# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# A random reader and a random writer (8 KiB) on one 5 GiB file. filebench's file has no run line; this one runs 60 s.

set $dir=/tmp
set $filesize=5g
set $iosize=8k
set $nthreads=1
set $workingset=0
set $directio=0

define file name=bigfile,path=$dir,size=$filesize,prealloc,reuse,paralloc

define process name=randomrw,instances=1
{
  thread name=reader,memsize=5m,instances=$nthreads
  {
    flowop read name=rand-read,filesetname=bigfile,iosize=$iosize,random,workingset=$workingset,directio=$directio
  }
  thread name=writer,memsize=5m,instances=$nthreads
  {
    flowop write name=rand-write,filesetname=bigfile,iosize=$iosize,random,workingset=$workingset,directio=$directio
  }
}

run 60
