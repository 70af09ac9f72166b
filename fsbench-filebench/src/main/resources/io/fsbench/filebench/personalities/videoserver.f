# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# Video server: readers stream active videos under a shared bandwidth limit; one writer replaces a passive video every 10 s. filebench's file has no run line; this one runs 60 s.

set $dir=/tmp
set $eventrate=96
set $filesize=10g
set $nthreads=48
set $numactivevids=32
set $numpassivevids=194
set $readiosize=256k
set $writeiosize=1m
set $repintval=10

eventgen rate=$eventrate

define fileset name=activevids,path=$dir,entries=$numactivevids,size=$filesize,dirwidth=4,prealloc,paralloc,reuse=false
define fileset name=passivevids,path=$dir,entries=$numpassivevids,size=$filesize,dirwidth=20,prealloc=50,paralloc,reuse=false

define process name=writer,instances=1
{
  thread name=replacer,memsize=10m,instances=1
  {
    flowop deletefile name=drop,filesetname=passivevids
    flowop createfile name=newvid,filesetname=passivevids,fd=1
    flowop writewholefile name=record,fd=1,iosize=$writeiosize
    flowop closefile name=closevid,fd=1
    flowop delay name=interval,value=$repintval
  }
}

define process name=readers,instances=1
{
  thread name=viewer,memsize=10m,instances=$nthreads
  {
    flowop read name=stream,filesetname=activevids,iosize=$readiosize
    flowop bwlimit name=serverlimit,target=stream
  }
}

run 60
