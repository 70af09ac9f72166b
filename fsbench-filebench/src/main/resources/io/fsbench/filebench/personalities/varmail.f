# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# Mail server: delete, create+append+fsync, reread+append+fsync, read whole.

set $dir=/tmp
set $nfiles=1000
set $meandirwidth=1000000
set $filesize=cvar(type=cvar-gamma,parameters=mean:16384;gamma:1.5)
set $nthreads=16
set $iosize=1m
set $meanappendsize=16k

define fileset name=mailbox,path=$dir,entries=$nfiles,size=$filesize,dirwidth=$meandirwidth,prealloc=80

define process name=mailserver,instances=1
{
  thread name=mailuser,memsize=10m,instances=$nthreads
  {
    flowop deletefile name=unlink,filesetname=mailbox
    flowop createfile name=create,filesetname=mailbox,fd=1
    flowop appendfilerand name=append1,iosize=$meanappendsize,fd=1
    flowop fsync name=fsync1,fd=1
    flowop closefile name=close1,fd=1
    flowop openfile name=open2,filesetname=mailbox,fd=1
    flowop readwholefile name=read2,fd=1,iosize=$iosize
    flowop appendfilerand name=append2,iosize=$meanappendsize,fd=1
    flowop fsync name=fsync2,fd=1
    flowop closefile name=close2,fd=1
    flowop openfile name=open3,filesetname=mailbox,fd=1
    flowop readwholefile name=read3,fd=1,iosize=$iosize
    flowop closefile name=close3,fd=1
  }
}

run 60
