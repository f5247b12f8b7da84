<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="green_horde" tilewidth="40" tileheight="40" tilecount="17" columns="3">
 <image source="green_horde.png" width="120" height="240"/>
 <tile id="0">
  <properties>
   <property name="tile" value="gh_grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="tile" value="gh_field"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="tile" value="gh_path"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="tile" value="gh_cobbles"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="tile" value="gh_stone_floor"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="tile" value="gh_timber_floor"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="tile" value="gh_water"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="tile" value="gh_reeds"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="tile" value="gh_thatch"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="tile" value="gh_hedge_n"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="tile" value="gh_hedge_e"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="tile" value="gh_hedge_s"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="tile" value="gh_hedge_w"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="tile" value="gh_ledge_n"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="tile" value="gh_ledge_e"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="tile" value="gh_ledge_s"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="tile" value="gh_ledge_w"/>
  </properties>
 </tile>
</tileset>
